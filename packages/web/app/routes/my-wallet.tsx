import { translate } from "@tianguis/domain/messages/index";
import { WalletPage } from "../features/wallet/WalletPage";
import { loadMyWallet, walletAction } from "../features/wallet/wallet.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-wallet";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadMyWallet(context, request, params);
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return walletAction(context, request, params);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "wallet_title")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /me/wallet/{wallet_type_id}: the signed-in user's earnings wallet in one currency. */
export default function MyWalletRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <WalletPage {...loaderData} result={actionData} />;
}
