import { translate } from "@tianguis/domain/messages/index";
import { PromotedList } from "../features/referral/PromotedList";
import { loadPromoted } from "../features/referral/promoted.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-promoted";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadPromoted(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${translate(localeOf(matches), "promoted_title")} · ${data?.shopName ?? "Tianguis"}` },
];

/** {base}/promoted: the promoted people of the shop's owner, with follow / unfollow. */
export default function ShopPromotedRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PromotedList
      people={loaderData.people}
      basePath={loaderData.basePath}
      label={loaderData.label}
      onlyChildren={loaderData.onlyChildren}
      page={loaderData.page}
    />
  );
}
