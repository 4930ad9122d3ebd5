import { translate } from "@tianguis/domain/messages/index";
import { ShopReviewsPage } from "../features/reviews/ShopReviewsPage";
import { loadShopReviews } from "../features/reviews/shop-reviews.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-reviews";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("shop_reviews_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadShopReviews(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data ? `${data.shop.name} · ` : ""}${translate(localeOf(matches), "shop_reviews_title")}` },
  { name: "robots", content: "noindex" },
];

/** {shop}/admin/opiniones: the reviews of the shop's products and the supplier's answers. */
export default function ShopAdminReviewsRoute({ loaderData }: Route.ComponentProps) {
  return <ShopReviewsPage {...loaderData} />;
}
