import { translate } from "@tianguis/domain/messages/index";
import { ReferralLayout } from "../features/referral/ReferralLayout";
import { ReferralProducts } from "../features/referral/ReferralProducts";
import { requireReferralArea } from "../features/referral/referral.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/referral-products";

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireReferralArea(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "referral_area")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/referral, tab 'Productos'. */
export default function ReferralProductsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ReferralLayout tab="products" allowed={loaderData.allowed}>
      {loaderData.allowed && <ReferralProducts code={loaderData.code} shopSlug={loaderData.me.shop_slug} />}
    </ReferralLayout>
  );
}
