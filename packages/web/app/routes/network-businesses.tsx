import { translate } from "@tianguis/domain/messages/index";
import { directoryApi } from "@tianguis/domain/routes/directory";
import { BusinessGrid } from "../features/directory/BusinessGrid";
import { NetworkTabs } from "../features/directory/NetworkTabs";
import { localeOf } from "../features/shop/shop-meta";
import { load } from "../lib/api/load.server";
import type { Route } from "./+types/network-businesses";

export async function loader({ context }: Route.LoaderArgs) {
  return load(context, directoryApi.businesses, { query: { limit: 60 } });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "network_title")} · Tianguis` },
  { name: "description", content: "Negocios de la red comercial Tianguis" },
];

export default function NetworkBusinesses({ loaderData }: Route.ComponentProps) {
  return (
    <NetworkTabs active="businesses">
      <BusinessGrid businesses={loaderData.results} />
    </NetworkTabs>
  );
}
