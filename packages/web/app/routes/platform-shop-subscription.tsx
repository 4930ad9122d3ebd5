import { translate } from "@tianguis/domain/messages/index";
import { ShopSubscriptionPage } from "../features/subscriptions/ShopSubscriptionPage";
import { loadShopSubscription } from "../features/subscriptions/shop-subscription.server";
import type { Route } from "./+types/platform-shop-subscription";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const data = await loadShopSubscription(context, request, params.slug);
  const shop = data.forbidden ? params.slug : data.view.shop.name;
  return { title: translate(context.locale, "platform_subscription_title", { shop }), data };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /plataforma/tiendas/{slug}/suscripcion: the platform admin refunds a shop's paid monthly charges. */
export default function PlatformShopSubscription({ loaderData }: Route.ComponentProps) {
  return <ShopSubscriptionPage data={loaderData.data} />;
}
