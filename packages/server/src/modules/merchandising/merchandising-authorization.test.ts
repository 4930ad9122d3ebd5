import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";

/** Attack test: a stranger's invalid edit answered 400, revealing the form, before being told it is not theirs. */
describe("merchandising edits check who is asking before what they sent", () => {
  let t: TestApp;
  let slug: string;
  let stranger: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    slug = (await createShop(t.ctx, (await createUser(t.ctx, { userLevel: 2 })).id)).slug;
    stranger = await signIn(t.ctx, (await createUser(t.ctx, { userLevel: 2 })).id);
  });
  afterAll(async () => t.close());

  const anyId = "00000000-0000-4000-8000-000000000000";
  const invalidWrites: ["POST" | "PATCH" | "DELETE", string][] = [
    ["POST", "banners"],
    ["PATCH", `banners/${anyId}`],
    ["PATCH", "banners/not-a-uuid"],
    ["POST", "headers"],
    ["PATCH", `headers/${anyId}`],
    ["POST", "slides"],
    ["PATCH", `slides/${anyId}`],
    ["DELETE", "slides/not-a-uuid"],
  ];

  it("answers 403 to a non-admin whose banner, header or slide is also invalid", async () => {
    for (const [method, path] of invalidWrites) {
      const answer = await t.app.inject({ method, url: `/api/v1/shops/${slug}/${path}`, headers: stranger, payload: { title: 7 } });
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json().code).toBe("forbidden");
    }
  });

  it("answers 404 for a shop that does not exist, whatever the body", async () => {
    const answer = await t.app.inject({ method: "POST", url: "/api/v1/shops/no-such-shop/banners", headers: stranger, payload: {} });
    expect(answer.statusCode).toBe(404);
  });
});
