import { auditApi } from "@tianguis/domain/routes/audit";
import { auditPageSize } from "@tianguis/domain/rules/audit";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { type AuditListQuery, auditListQuery } from "@tianguis/domain/schemas/audit";
import { loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";

const filterKeys = ["actor", "kind", "from", "to"] as const;

/** {shop}/admin/actividad?actor=&kind=&from=&to=&page=: the shop's audit log, for its owner (a bad filter is dropped). */
export async function loadShopActivity(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const shopContext = await requireShop(context, params);
  const raw = Object.fromEntries(filterKeys.map((key) => [key, search.get(key) || undefined]));
  const filters: Partial<Record<(typeof filterKeys)[number], string>> = auditListQuery.safeParse(raw).success ? raw : {};
  const slug = shopContext.shop.slug;
  const [list, actors] = await Promise.all([
    loadSignedIn(context, request, auditApi.list, {
      params: { slug },
      query: { ...(filters as Partial<AuditListQuery>), offset: pageOffset(page, auditPageSize), limit: auditPageSize },
    }),
    loadSignedIn(context, request, auditApi.actors, { params: { slug } }),
  ]);
  return { ...shopContext, entries: list.results, total: list.matches_estimated, page, filters, actors: actors.results };
}
