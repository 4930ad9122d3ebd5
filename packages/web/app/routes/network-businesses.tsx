import { translate } from "@tianguis/domain/messages/index";
import type { BusinessView } from "@tianguis/domain/schemas/directory";
import { BusinessGrid } from "../features/directory/BusinessGrid";
import { NetworkTabs } from "../features/directory/NetworkTabs";
import { localeOf } from "../features/shop/shop-meta";
import { apiGet } from "../lib/api.server";
import type { Route } from "./+types/network-businesses";

export async function loader({ context }: Route.LoaderArgs) {
  return apiGet<{ results: BusinessView[]; matches_estimated: number }>(context, "/api/v1/directory/businesses?limit=60");
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${translate(localeOf(matches), "network_title")} · Tianguis` }, { name: "description", content: "Negocios de la red comercial Tianguis" }];

export default function NetworkBusinesses({ loaderData }: Route.ComponentProps) {
  return (
    <NetworkTabs active="businesses">
      <BusinessGrid businesses={loaderData.results} />
    </NetworkTabs>
  );
}
