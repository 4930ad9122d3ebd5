import type { z } from "zod";

/**
 * One API route as a contract: method, path (Fastify syntax, `:name` for parameters) and the zod schemas of
 * what goes in and what comes out. The server registers the route from it (`schemaOf`), the OpenAPI document
 * is generated from the same schemas, and the web client calls it by the contract, so a renamed route or a
 * changed shape breaks the type-check instead of a user.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: Method;
  path: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Success status: 200 unless it says otherwise (201 created, 204 no content). */
  status?: 200 | 201 | 204;
}

/** Declares an endpoint, keeping the exact types of its path and schemas. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** The `:name` parameters of a path, as an object type: "/shops/:slug/cart/items/:productId" → { slug; productId }. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

type Success<E extends Endpoint> = E["status"] extends 201 ? 201 : E["status"] extends 204 ? 204 : 200;

/** What the endpoint answers on success, as the client receives it. */
export type ResponseOf<E extends Endpoint> = z.output<E["response"]>;
export type BodyOf<E extends Endpoint> = E["body"] extends z.ZodType ? z.input<E["body"]> : never;
export type QueryOf<E extends Endpoint> = E["query"] extends z.ZodType ? z.input<E["query"]> : never;

/** The Fastify route schema of an endpoint (validation in, serialization out, OpenAPI). */
export function schemaOf<const E extends Endpoint>(
  e: E,
): {
  tags: string[];
  summary: string;
  params: E["params"];
  querystring: E["query"];
  body: E["body"];
  response: { [S in Success<E>]: E["response"] };
} {
  const schema: Record<string, unknown> = {
    tags: [...e.tags],
    summary: e.summary,
    response: { [e.status ?? 200]: e.response },
  };
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;
  return schema as ReturnType<typeof schemaOf<E>>;
}

/** Method, URL and schema for Fastify's `app.route({ ...routeOf(endpoint), handler })`. */
export function routeOf<const E extends Endpoint>(e: E) {
  return { method: e.method, url: e.path, schema: schemaOf(e) };
}

/** The concrete path of an endpoint: parameters filled in and URI-encoded. */
export function pathOf<P extends string>(path: P, params: PathParams<P>): string {
  const values = params as Record<string, string>;
  return path.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(values[name] ?? ""));
}

/** A query string (with its '?') from plain values; undefined and null are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
