import type { ResponseOf, Route } from "@tianguis/domain/api/endpoint";
import { data, redirect } from "react-router";
import type { ApiResponse, WebLoadContext } from "../../load-context";
import { type CallArgs, urlOf } from "./client";

/** Calls an endpoint in-process from a loader or action, with the visitor's cookies; answers status, data and cookies. */
export function callApi<R extends Route>(
  context: WebLoadContext,
  route: R,
  args: Omit<CallArgs<R>, "signal" | "headers"> = {} as CallArgs<R>,
) {
  return context.api<ResponseOf<R>>(route.method, urlOf(route, args), args.body);
}

/** GET from the API inside a loader; a 404 becomes a 404 page, other failures an error page. */
export async function load<R extends Route>(
  context: WebLoadContext,
  route: R,
  args: Omit<CallArgs<R>, "signal" | "headers"> = {} as CallArgs<R>,
): Promise<ResponseOf<R>> {
  const response = await callApi(context, route, args);
  if (response.status >= 400) throw errorPage(response);
  return response.data;
}

/** GET for a signed-in page: a visitor goes to the login page and comes back; other failures as `load`. */
export async function loadSignedIn<R extends Route>(
  context: WebLoadContext,
  request: Request,
  route: R,
  args: Omit<CallArgs<R>, "signal" | "headers"> = {} as CallArgs<R>,
): Promise<ResponseOf<R>> {
  const response = await callApi(context, route, args);
  if (response.status === 401) throw redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (response.status >= 400) throw errorPage(response);
  return response.data;
}

function errorPage(response: ApiResponse) {
  const body = response.data as { code?: string; message?: string } | null;
  return data({ code: body?.code ?? "unknown", message: body?.message ?? "" }, { status: response.status });
}

/** Headers that pass the API's Set-Cookie lines on to the browser (login, logout, cart merge). */
export function forwardCookies(response: ApiResponse): Headers {
  const headers = new Headers();
  for (const cookie of response.setCookies) headers.append("set-cookie", cookie);
  return headers;
}
