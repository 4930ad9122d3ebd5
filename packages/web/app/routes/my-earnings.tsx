import { translate } from "@tianguis/domain/messages/index";
import { EarningsPage } from "../features/commissions/EarningsPage";
import { loadEarnings } from "../features/commissions/commissions.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-earnings";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadEarnings(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "earnings_title")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/ganancias: the signed-in reseller's or promoter's commissions. */
export default function MyEarningsRoute({ loaderData }: Route.ComponentProps) {
  return <EarningsPage {...loaderData} />;
}
