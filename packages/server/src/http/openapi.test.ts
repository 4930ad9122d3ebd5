import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../test/harness";

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** Every API route answers a declared shape: its success response is in the OpenAPI document, from the same zod schema. */
describe("OpenAPI document", () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp();
    paths = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json().paths;
  });
  afterAll(async () => t.close());

  it("documents the API under /api/v1", () => {
    expect(Object.keys(paths).filter((path) => path.startsWith("/api/v1/")).length).toBeGreaterThan(40);
  });

  it("declares a success response schema for every route (or a redirect)", () => {
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      if (!path.startsWith("/api/v1/")) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const responses = Object.entries(operation.responses ?? {});
        const redirects = responses.some(([status]) => status.startsWith("3"));
        const declared = responses.some(
          ([status, response]) => status === "204" || (status.startsWith("2") && response.content?.["application/json"]?.schema),
        );
        if (redirects) continue;
        if (!declared) undeclared.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
