import { translate } from "@tianguis/domain/messages/index";
import { ImportsPage } from "../features/imports/ImportsPage";
import { loadMyImports } from "../features/imports/imports.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-imports";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMyImports(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "imports_title")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/dssupplier/products/cargas: product imports outside the shop's view (?shop={slug}, else the user's own shop). */
export default function MyImportsRoute({ loaderData }: Route.ComponentProps) {
  return <ImportsPage {...loaderData} />;
}
