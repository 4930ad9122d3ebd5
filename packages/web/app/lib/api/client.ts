import {
  type BodyOf,
  type ContractOf,
  type PathParams,
  type QueryOf,
  type ResponseOf,
  type Route,
  pathOf,
  queryString,
} from "@tianguis/domain/api/endpoint";
import type { ApiError } from "@tianguis/domain/schemas/common";
import { csrfToken } from "../cookies";
import { loadPageTexts } from "../i18n";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message);
  }
}

/** What a call needs besides the endpoint: its path parameters, query and body, each only when the endpoint has them. */
export type CallArgs<R extends Route> = (keyof PathParams<R["path"]> extends never
  ? { params?: never }
  : { params: PathParams<R["path"]> }) &
  ("query" extends keyof ContractOf<R> ? { query?: Partial<QueryOf<R>> } : { query?: never }) &
  ("body" extends keyof ContractOf<R> ? { body: BodyOf<R> | FormData } : { body?: FormData }) & {
    signal?: AbortSignal;
    /** Extra request headers, e.g. an Idempotency-Key. */
    headers?: Record<string, string>;
  };

type OptionalArgs<R extends Route> = keyof PathParams<R["path"]> extends never
  ? "body" extends keyof ContractOf<R>
    ? [args: CallArgs<R>]
    : [args?: CallArgs<R>]
  : [args: CallArgs<R>];

/** The URL of an endpoint under /api/v1, parameters filled in. */
export function urlOf<R extends Route>(route: R, args: { params?: unknown; query?: unknown } = {}): string {
  return `/api/v1${pathOf(route.path, (args.params ?? {}) as PathParams<R["path"]>)}${queryString(args.query as Record<string, unknown> | undefined)}`;
}

/**
 * Browser-side call to an API endpoint by its route (packages/domain/src/routes/: method and path, typed by the
 * contract in packages/domain/src/api/), with the CSRF header.
 * Answers the endpoint's response type; throws ApiRequestError with the API's { code, message, fields }.
 */
export async function api<R extends Route>(route: R, ...[args = {} as CallArgs<R>]: OptionalArgs<R>): Promise<ResponseOf<R>> {
  const body = args.body as unknown;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const response = await fetch(urlOf(route, args), {
    method: route.method,
    credentials: "same-origin",
    signal: args.signal,
    headers: {
      ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
      "x-csrf-token": csrfToken(),
      ...args.headers,
    },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    // An error's code is shown through the catalogue: its text must be there first (a shop page's first visit brings
    // only the texts its own parts show).
    await loadPageTexts();
    throw new ApiRequestError(response.status, data ?? { code: "unknown", message: response.statusText });
  }
  return data as ResponseOf<R>;
}
