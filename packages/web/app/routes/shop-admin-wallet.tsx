import { translate } from "@tianguis/domain/messages/index";
import { WalletPage } from "../features/wallet/WalletPage";
import { loadShopWallet, walletAction } from "../features/wallet/wallet.server";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-wallet";

export const handle: CrumbHandle = { breadcrumb: (_match, { t }) => [{ label: t("wallet_title") }] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadShopWallet(context, request, params);
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return walletAction(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data?.shop ? `${data.shop.shop.name} · ` : ""}${translate(localeOf(matches), "wallet_title")}` },
  { name: "robots", content: "noindex" },
];

/** {base}/admin/monedero/{wallet_type_id}: the shop owner's wallet in shop view (the owner withdraws; accountants read). */
export default function ShopAdminWalletRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <WalletPage {...loaderData} result={actionData} />;
}
