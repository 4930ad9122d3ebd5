import { accountsApi } from "@tianguis/domain/routes/accounts";
import { redirect } from "react-router";
import { safeNext } from "../features/accounts/next-path";
import { callApi, forwardCookies } from "../lib/api/load.server";
import type { Route } from "./+types/logout";

/** GET /logout?next={path}: ends the session and returns to `next` (storefront-and-admin §7). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const response = await callApi(context, accountsApi.logout);
  return redirect(safeNext(new URL(request.url).searchParams.get("next")), { headers: forwardCookies(response) });
}
