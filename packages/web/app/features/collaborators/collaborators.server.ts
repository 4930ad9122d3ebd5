import { collaboratorsApi } from "@tianguis/domain/routes/collaborators";
import { collaborationsPageSize, collaboratorsPageSize } from "@tianguis/domain/rules/collaborators";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { data, redirect } from "react-router";
import { isShopAdmin } from "../../lib/access";
import { load, loadSignedIn } from "../../lib/api/load.server";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";
import { signedInUser } from "../../lib/me.server";

/** The 1-based ?page= of a list page. */
function pageOf(request: Request): number {
  return Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
}

/** {base}/admin/colaboradores: the shop's collaborators, 10 per page, and the profiles to invite with (owner or admin). */
export async function loadCollaboratorsAdmin(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  if (!isShopAdmin(shopContext.shop)) {
    if (!(await signedInUser(context))) throw redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
    throw data({ code: "forbidden" }, { status: 403 });
  }
  const page = pageOf(request);
  const [list, profiles] = await Promise.all([
    load(context, collaboratorsApi.list, {
      params: { slug: shopContext.shop.slug },
      query: { offset: pageOffset(page, collaboratorsPageSize), limit: collaboratorsPageSize },
    }),
    load(context, collaboratorsApi.profiles),
  ]);
  return { ...shopContext, collaborators: list.results, total: list.count, page, profiles: profiles.results };
}

/** /apps/me/colaboraciones: the invitations waiting for an answer and the stores the user collaborates with (10 a page). */
export async function loadCollaborations(context: WebLoadContext, request: Request) {
  const page = pageOf(request);
  const [pending, accepted] = await Promise.all([
    loadSignedIn(context, request, collaboratorsApi.collaborations, { query: { state: "pending", limit: 50 } }),
    loadSignedIn(context, request, collaboratorsApi.collaborations, {
      query: { state: "accepted", offset: pageOffset(page, collaborationsPageSize), limit: collaborationsPageSize },
    }),
  ]);
  return { pending: pending.results, collaborations: accepted.results, total: accepted.count, page };
}
