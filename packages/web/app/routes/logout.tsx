import { redirect } from "react-router";
import { safeNext } from "../features/accounts/next-path";
import { forwardCookies } from "../lib/api.server";
import type { Route } from "./+types/logout";

/** GET /logout?next={path}: ends the session and returns to `next` (storefront-and-admin §7). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const response = await context.api("POST", "/api/v1/auth/logout");
  return redirect(safeNext(new URL(request.url).searchParams.get("next")), { headers: forwardCookies(response) });
}
