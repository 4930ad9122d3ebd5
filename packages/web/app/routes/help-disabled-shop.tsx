import { translate } from "@tianguis/domain/messages/index";
import { DisabledShopHelp } from "../features/support/HelpCenter";
import type { Route } from "./+types/help-disabled-shop";

export function loader({ context }: Route.LoaderArgs) {
  return { title: translate(context.locale, "help_disabled_title"), description: translate(context.locale, "help_disabled_intro") };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "description", content: data?.description.slice(0, 160) ?? "" },
];

/** /ayuda/proveedores/deshabilitado: linked from every disabled-shop warning (storefront-and-admin §2 routes table). */
export default function HelpDisabledShop() {
  return <DisabledShopHelp />;
}
