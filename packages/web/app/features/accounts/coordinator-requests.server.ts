import { accountsApi } from "@tianguis/domain/routes/accounts";
import { COORDINATOR_REQUESTS_PAGE, type CoordinatorRequestView } from "@tianguis/domain/schemas/accounts";
import { pageOffset } from "@tianguis/domain/schemas/common";
import { redirect } from "react-router";
import type { WebLoadContext } from "../../load-context";
import { callApi, load } from "../../lib/api/load.server";

export type CoordinatorRequestsData =
  { forbidden: true } | { forbidden: false; requests: CoordinatorRequestView[]; total: number; page: number };

/** /plataforma/coordinadores (?page): pending coordinator requests for platform admins; anyone else is told the page is not theirs. */
export async function loadCoordinatorRequests(context: WebLoadContext, request: Request): Promise<CoordinatorRequestsData> {
  const url = new URL(request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  const args = { query: { offset: pageOffset(page, COORDINATOR_REQUESTS_PAGE), limit: COORDINATOR_REQUESTS_PAGE } };
  const response = await callApi(context, accountsApi.coordinatorRequests, args);
  if (response.status === 401) throw redirect(`/login?next=${encodeURIComponent(url.pathname)}`);
  if (response.status === 403) return { forbidden: true };
  const list = response.status === 200 ? response.data : await load(context, accountsApi.coordinatorRequests, args);
  return { forbidden: false, requests: list.results, total: list.matches_estimated, page };
}
