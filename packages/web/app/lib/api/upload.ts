import type { PathParams, ResponseOf, Route } from "@tianguis/domain/api/endpoint";
import { csrfToken } from "../cookies";
import { ApiRequestError, urlOf } from "./client";

/**
 * A multipart upload to an endpoint that reports its progress (0–100) as the bytes leave the browser: fetch cannot,
 * so this one call uses XMLHttpRequest. Answers the endpoint's response; throws ApiRequestError like `api`.
 */
export function uploadWithProgress<R extends Route>(
  route: R,
  params: PathParams<R["path"]>,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<ResponseOf<R>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, urlOf(route, { params }));
    request.withCredentials = true;
    request.setRequestHeader("x-csrf-token", csrfToken());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as ResponseOf<R>);
      else reject(new ApiRequestError(request.status, (body as never) ?? { code: "unknown", message: request.statusText }));
    };
    request.onerror = () => reject(new ApiRequestError(0, { code: "unknown", message: "" }));
    request.send(form);
  });
}
