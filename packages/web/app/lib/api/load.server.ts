import type { Endpoint, ResponseOf } from "@tianguis/domain/api/endpoint";
import { data, redirect } from "react-router";
import type { ApiResponse, WebLoadContext } from "../../load-context";
import { type CallArgs, urlOf } from "./client";

/** Calls an endpoint in-process from a loader or action, with the visitor's cookies; answers status, data and cookies. */
export function callApi<E extends Endpoint>(
  context: WebLoadContext,
  e: E,
  args: Omit<CallArgs<E>, "signal" | "headers"> = {} as CallArgs<E>,
) {
  return context.api<ResponseOf<E>>(e.method, urlOf(e, args), args.body);
}

/** GET from the API inside a loader; a 404 becomes a 404 page, other failures an error page. */
export async function load<E extends Endpoint>(
  context: WebLoadContext,
  e: E,
  args: Omit<CallArgs<E>, "signal" | "headers"> = {} as CallArgs<E>,
): Promise<ResponseOf<E>> {
  const response = await callApi(context, e, args);
  if (response.status >= 400) throw errorPage(response);
  return response.data;
}

/** GET for a signed-in page: a visitor goes to the login page and comes back; other failures as `load`. */
export async function loadSignedIn<E extends Endpoint>(
  context: WebLoadContext,
  request: Request,
  e: E,
  args: Omit<CallArgs<E>, "signal" | "headers"> = {} as CallArgs<E>,
): Promise<ResponseOf<E>> {
  const response = await callApi(context, e, args);
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
