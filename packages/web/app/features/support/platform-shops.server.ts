import { supportApi } from "@tianguis/domain/routes/support";
import { PLATFORM_SHOPS_PAGE } from "@tianguis/domain/rules/support";
import { pageOffset } from "@tianguis/domain/schemas/common";
import type { PlatformShopView } from "@tianguis/domain/schemas/support";
import { redirect } from "react-router";
import type { WebLoadContext } from "../../load-context";
import { callApi, load } from "../../lib/api/load.server";

const states = ["all", "disabled", "enabled"] as const;
export type PlatformShopState = (typeof states)[number];

export type PlatformShopsData =
  | { forbidden: true }
  | {
      forbidden: false;
      shops: PlatformShopView[];
      total: number;
      advisors: { id: string; name: string; online: boolean }[];
      q: string;
      state: PlatformShopState;
      page: number;
    };

/** /plataforma/tiendas: the shops list (?q, ?state, ?page) for platform admins; anyone else is told the page is not theirs. */
export async function loadPlatformShops(context: WebLoadContext, request: Request): Promise<PlatformShopsData> {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 150);
  const stateParam = url.searchParams.get("state");
  const state: PlatformShopState = states.find((one) => one === stateParam) ?? "all";
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  const args = { query: { q: q || undefined, state, offset: pageOffset(page, PLATFORM_SHOPS_PAGE), limit: PLATFORM_SHOPS_PAGE } };
  const response = await callApi(context, supportApi.platformShops, args);
  if (response.status === 401) throw redirect(`/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  if (response.status === 403) return { forbidden: true };
  // Any other failure is shown as the error page `load` makes of it.
  const list = response.status === 200 ? response.data : await load(context, supportApi.platformShops, args);
  const advisors = await load(context, supportApi.advisors);
  return { forbidden: false, shops: list.results, total: list.matches_estimated, advisors: advisors.results, q, state, page };
}
