import { translate } from "@tianguis/domain/messages/index";
import { ReferredList } from "../features/contacts/ReferredList";
import { loadReferred } from "../features/contacts/contacts.server";
import { ReferralLayout } from "../features/referral/ReferralLayout";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/referral-referred";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReferred(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "referred_title")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/referral/referred: the referred list (storefront-and-admin §7 'Referred list'). */
export default function ReferralReferredRoute({ loaderData }: Route.ComponentProps) {
  const { area, referred } = loaderData;
  return (
    <ReferralLayout tab="referred" allowed={area.allowed}>
      {referred && <ReferredList {...referred} />}
    </ReferralLayout>
  );
}
