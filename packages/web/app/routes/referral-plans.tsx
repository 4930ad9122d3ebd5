import { translate } from "@tianguis/domain/messages/index";
import { ReferralLayout } from "../features/referral/ReferralLayout";
import { ReferralPlans } from "../features/referral/ReferralPlans";
import { requireReferralArea } from "../features/referral/referral.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/referral-plans";

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireReferralArea(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "referral_tab_plans")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/referral/resale/plans, tab 'Planes de servicio'. */
export default function ReferralPlansRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ReferralLayout tab="plans" allowed={loaderData.allowed}>
      {loaderData.allowed && <ReferralPlans code={loaderData.code} />}
    </ReferralLayout>
  );
}
