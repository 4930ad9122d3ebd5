import { translate } from "@tianguis/domain/messages/index";
import { ReferralCatalogues } from "../features/referral/ReferralCatalogues";
import { ReferralLayout } from "../features/referral/ReferralLayout";
import { loadReferralCatalogues } from "../features/referral/referral.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/referral-catalogues";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReferralCatalogues(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "referral_catalogues")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/referral/resale/catalogues: the reseller's catalogues shared with their code. */
export default function ReferralCataloguesRoute({ loaderData }: Route.ComponentProps) {
  const { area } = loaderData;
  return (
    <ReferralLayout tab="catalogues" allowed={area.allowed}>
      {area.allowed && <ReferralCatalogues code={area.code} shopSlug={loaderData.shopSlug} catalogues={loaderData.catalogues} />}
    </ReferralLayout>
  );
}
