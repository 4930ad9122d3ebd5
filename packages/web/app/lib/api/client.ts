import {
  type BodyOf,
  type Endpoint,
  type PathParams,
  type QueryOf,
  type ResponseOf,
  pathOf,
  queryString,
} from "@tianguis/domain/api/endpoint";
import type { ApiError } from "@tianguis/domain/schemas/common";
import { csrfToken } from "../cookies";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message);
  }
}

/** What a call needs besides the endpoint: its path parameters, query and body, each only when the endpoint has them. */
export type CallArgs<E extends Endpoint> = (keyof PathParams<E["path"]> extends never
  ? { params?: never }
  : { params: PathParams<E["path"]> }) &
  ("query" extends keyof E ? { query?: Partial<QueryOf<E>> } : { query?: never }) &
  ("body" extends keyof E ? { body: BodyOf<E> | FormData } : { body?: FormData }) & {
    signal?: AbortSignal;
    /** Extra request headers, e.g. an Idempotency-Key. */
    headers?: Record<string, string>;
  };

type OptionalArgs<E extends Endpoint> = keyof PathParams<E["path"]> extends never
  ? "body" extends keyof E
    ? [args: CallArgs<E>]
    : [args?: CallArgs<E>]
  : [args: CallArgs<E>];

/** The URL of an endpoint under /api/v1, parameters filled in. */
export function urlOf<E extends Endpoint>(e: E, args: { params?: unknown; query?: unknown } = {}): string {
  return `/api/v1${pathOf(e.path, (args.params ?? {}) as PathParams<E["path"]>)}${queryString(args.query as Record<string, unknown> | undefined)}`;
}

/**
 * Browser-side call to an API endpoint by its contract (packages/domain/src/api/), with the CSRF header.
 * Answers the endpoint's response type; throws ApiRequestError with the API's { code, message, fields }.
 */
export async function api<E extends Endpoint>(e: E, ...[args = {} as CallArgs<E>]: OptionalArgs<E>): Promise<ResponseOf<E>> {
  const body = args.body as unknown;
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const response = await fetch(urlOf(e, args), {
    method: e.method,
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
  if (!response.ok) throw new ApiRequestError(response.status, data ?? { code: "unknown", message: response.statusText });
  return data as ResponseOf<E>;
}
