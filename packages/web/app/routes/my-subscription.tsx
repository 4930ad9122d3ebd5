import { translate } from "@tianguis/domain/messages/index";
import { SubscriptionPage } from "../features/subscriptions/SubscriptionPage";
import { loadSubscriptionPage } from "../features/subscriptions/subscriptions.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-subscription";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSubscriptionPage(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "subscription_page_title")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/suscripcion: the signed-in user's plan, subscription, bank card and billing history. */
export default function MySubscriptionRoute({ loaderData }: Route.ComponentProps) {
  return <SubscriptionPage {...loaderData} />;
}
