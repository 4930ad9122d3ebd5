import { randomUUID } from "node:crypto";
import { translate } from "@tianguis/domain/messages/index";
import { walletApi } from "@tianguis/domain/routes/wallet";
import { walletEntryKinds } from "@tianguis/domain/rules/wallet";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { WALLET_PAGE_SIZE } from "@tianguis/domain/schemas/wallet";
import { data } from "react-router";
import { callApi, loadSignedIn } from "../../lib/api/load.server";
import { signedInUser } from "../../lib/me.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

/**
 * The wallet pages (issue 30 §2): /me/wallet/{wallet_type_id} for the signed-in user, and {base}/admin/monedero/{id}
 * for the shop's owner (who may withdraw) and accountants (who read). Withdrawing and saving the CLABE post to the route.
 */

const day = /^\d{4}-\d{2}-\d{2}$/;

/** The movements' filters from the URL (?tipo=payout&desde=2026-01-01&hasta=2026-01-31&pagina=2); unknown values dropped. */
export function parseWalletSearch(search: URLSearchParams) {
  const kind = walletEntryKinds.find((one) => one === search.get("tipo"));
  const from = search.get("desde") ?? "";
  const to = search.get("hasta") ?? "";
  return {
    kind,
    from: day.test(from) ? from : undefined,
    to: day.test(to) ? to : undefined,
    page: Math.max(1, Number.parseInt(search.get("pagina") ?? "1", 10) || 1),
  };
}

function entriesQuery(view: ReturnType<typeof parseWalletSearch>) {
  return { kind: view.kind, from: view.from, to: view.to, offset: pageOffset(view.page, WALLET_PAGE_SIZE), limit: WALLET_PAGE_SIZE };
}

/** /me/wallet/{wallet_type_id} */
export async function loadMyWallet(context: WebLoadContext, request: Request, params: { walletTypeId?: string }) {
  const view = parseWalletSearch(new URL(request.url).searchParams);
  const walletParams = { wallet_type_id: params.walletTypeId ?? "" };
  const wallet = await loadSignedIn(context, request, walletApi.get, { params: walletParams });
  const entries = await loadSignedIn(context, request, walletApi.entries, { params: walletParams, query: entriesQuery(view) });
  return {
    wallet,
    entries: entries.results,
    total: entries.matches_estimated,
    view,
    canWithdraw: true,
    requestId: randomUUID(),
    shop: null,
  };
}

/** {base}/admin/monedero/{wallet_type_id}: the shop owner's wallet; only the owner withdraws from it. */
export async function loadShopWallet(context: WebLoadContext, request: Request, params: { shopSlug?: string; walletTypeId?: string }) {
  const shopContext = await requireShop(context, params);
  const view = parseWalletSearch(new URL(request.url).searchParams);
  const walletParams = { slug: shopContext.shop.slug, wallet_type_id: params.walletTypeId ?? "" };
  const wallet = await loadSignedIn(context, request, walletApi.shopGet, { params: walletParams });
  const entries = await loadSignedIn(context, request, walletApi.shopEntries, { params: walletParams, query: entriesQuery(view) });
  const canWithdraw = (await signedInUser(context))?.id === shopContext.shop.owner;
  return {
    wallet,
    entries: entries.results,
    total: entries.matches_estimated,
    view,
    canWithdraw,
    requestId: randomUUID(),
    shop: shopContext,
  };
}

export type WalletActionResult =
  | { intent: "account" | "withdraw"; ok: true }
  | { intent: "account" | "withdraw"; ok: false; error: string; fields?: Record<string, string> };

/** Saves the CLABE (intent=account) or withdraws (intent=withdraw, the amount in pesos as typed, e.g. "150.50"). */
export async function walletAction(context: WebLoadContext, request: Request, params: { walletTypeId?: string }) {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "").trim();
  const intent = field("intent") === "account" ? "account" : "withdraw";
  const response =
    intent === "account"
      ? await callApi(context, walletApi.saveAccount, { body: { clabe: field("clabe"), holder_name: field("holder_name") } })
      : await callApi(context, walletApi.payout, {
          params: { wallet_type_id: params.walletTypeId ?? "" },
          body: { amount: Math.round(Number(field("amount").replace(/[$,\s]/g, "")) * 100), request_id: field("request_id") },
        });
  if (response.status < 300) return { intent, ok: true } satisfies WalletActionResult;
  const failure = response.data as { message?: string; fields?: Record<string, string> } | null;
  return data<WalletActionResult>(
    { intent, ok: false, error: failure?.message ?? translate(context.locale, "unknown"), fields: failure?.fields },
    { status: response.status },
  );
}
