import type { ApiError } from "@tianguis/domain/schemas/common";
import { csrfToken } from "./cookies";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message);
  }
}

/** Browser-side JSON call to /api/v1 with the CSRF header; throws ApiRequestError with the API's { code, message, fields }. */
export async function apiCall<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const response = await fetch(`/api/v1${path}`, {
    method,
    credentials: "same-origin",
    ...init,
    headers: {
      ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
      "x-csrf-token": csrfToken(),
      ...(init.headers ?? {}),
    },
    body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiRequestError(response.status, data ?? { code: "unknown", message: response.statusText });
  return data as T;
}
