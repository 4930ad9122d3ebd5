import { data, redirect } from "react-router";
import type { ApiResponse, WebLoadContext } from "../load-context";

/** GET from the API inside a loader; a 404 becomes a 404 page, other failures an error page. */
export async function apiGet<T>(context: WebLoadContext, url: string): Promise<T> {
  const response = await context.api<T>("GET", url);
  if (response.status >= 400) {
    const body = response.data as { code?: string; message?: string } | null;
    throw data({ code: body?.code ?? "unknown", message: body?.message ?? "" }, { status: response.status });
  }
  return response.data;
}

/** GET for a signed-in page: a visitor goes to the login page and comes back; other failures as apiGet. */
export async function apiGetSignedIn<T>(context: WebLoadContext, request: Request, url: string): Promise<T> {
  const response = await context.api<T>("GET", url);
  if (response.status === 401) throw redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (response.status >= 400) return apiGet<T>(context, url);
  return response.data;
}

/** Headers that pass the API's Set-Cookie lines on to the browser (login, logout, cart merge). */
export function forwardCookies(response: ApiResponse): Headers {
  const headers = new Headers();
  for (const cookie of response.setCookies) headers.append("set-cookie", cookie);
  return headers;
}
