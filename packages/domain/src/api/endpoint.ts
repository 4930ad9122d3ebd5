import type { z } from "zod";

/**
 * One API route as a contract: method, path (Fastify syntax, `:name` for parameters) and the zod schemas of
 * what goes in and what comes out. The server registers the route from it (`schemaOf`), the OpenAPI document
 * is generated from the same schemas, and the web client calls it by its route (src/routes/, typed by the contract),
 * so a renamed route or a changed shape breaks the type-check instead of a user.
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

declare const contract: unique symbol;

/**
 * An endpoint as the browser calls it: its method and path, without the zod schemas (the browser never validates
 * what the API answers, and building every schema on load cost the shop's first visit zod and all of them). The
 * contract's types ride along for the type-check only: `[contract]` is never there at run time.
 */
export interface Route<E extends Endpoint = Endpoint> {
  method: E["method"];
  path: E["path"];
  readonly [contract]: E;
}

/** A group of contracts, possibly nested (`merchandisingApi.banners.list`). */
export interface Contracts {
  [name: string]: Endpoint | Contracts;
}
type RouteTable<C extends Contracts> = {
  [K in keyof C]: C[K] extends Endpoint
    ? { method: C[K]["method"]; path: C[K]["path"] }
    : C[K] extends Contracts
      ? RouteTable<C[K]>
      : never;
};
type Routes<C extends Contracts> = {
  [K in keyof C]: C[K] extends Endpoint ? Route<C[K]> : C[K] extends Contracts ? Routes<C[K]> : never;
};

/**
 * The schema-free routes of a group of contracts, for `src/routes/` (written by `npm run routes -w @tianguis/domain`):
 * the type-check fails when an endpoint is missing or its method or path differs from the contract.
 */
export function routes<C extends Contracts>(table: RouteTable<C>): Routes<C> {
  return table as unknown as Routes<C>;
}

/** The contract of an endpoint or of its route. */
export type ContractOf<E extends Endpoint | Route> = E extends Route<infer C> ? C : E;

/** What the endpoint answers on success, as the client receives it. */
export type ResponseOf<E extends Endpoint | Route> = z.output<ContractOf<E>["response"]>;
export type BodyOf<E extends Endpoint | Route> = ContractOf<E>["body"] extends z.ZodType ? z.input<ContractOf<E>["body"]> : never;
export type QueryOf<E extends Endpoint | Route> = ContractOf<E>["query"] extends z.ZodType ? z.input<ContractOf<E>["query"]> : never;

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
