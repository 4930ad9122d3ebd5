import { translate } from "@tianguis/domain/messages/index";
import { PlatformShopsPage } from "../features/support/PlatformShopsPage";
import { loadPlatformShops } from "../features/support/platform-shops.server";
import type { Route } from "./+types/platform-shops";

export async function loader({ context, request }: Route.LoaderArgs) {
  return { title: translate(context.locale, "platform_shops_title"), data: await loadPlatformShops(context, request) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /plataforma/tiendas: the platform admin disables and enables shops and assigns their support. */
export default function PlatformShops({ loaderData }: Route.ComponentProps) {
  return <PlatformShopsPage data={loaderData.data} />;
}
