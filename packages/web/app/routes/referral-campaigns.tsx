import { translate } from "@tianguis/domain/messages/index";
import { CampaignsPage } from "../features/referral/CampaignsPage";
import { ChannelsPanel } from "../features/referral/ChannelsPanel";
import { ReferralLayout } from "../features/referral/ReferralLayout";
import { campaignsPerPage } from "../features/referral/paging";
import { loadCampaigns } from "../features/referral/referral.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/referral-campaigns";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCampaigns(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "referral_campaigns")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/referral/campaigns: the user's campaigns and marketing channels. */
export default function ReferralCampaignsRoute({ loaderData }: Route.ComponentProps) {
  const { area, filters, campaigns, channels } = loaderData;
  return (
    <ReferralLayout tab="campaigns" allowed={area.allowed}>
      {filters && campaigns && channels && (
        <>
          <CampaignsPage filters={filters} campaigns={campaigns} perPage={campaignsPerPage} />
          <ChannelsPanel channels={channels.results} />
        </>
      )}
    </ReferralLayout>
  );
}
