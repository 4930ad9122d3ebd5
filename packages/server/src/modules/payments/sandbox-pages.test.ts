import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentModes } from "../../db/schema/payment-accounts";
import { type TestApp, createShop, createTestApp, createUser } from "../../test/harness";

/** The sandbox gateway's hosted pages (issue 32): bad input is a coded 400, never a 500. */
describe("sandbox gateway pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const badBodies: { name: string; contentType: string; payload: string }[] = [
    { name: "an empty JSON object", contentType: "application/json", payload: "{}" },
    { name: "JSON null", contentType: "application/json", payload: "null" },
    { name: "a deep array", contentType: "application/json", payload: JSON.stringify([[[[[["x"]]]]]]) },
    { name: "an empty form", contentType: "application/x-www-form-urlencoded", payload: "" },
    {
      name: "a form with NUL",
      contentType: "application/x-www-form-urlencoded",
      payload: "payment=a%00b&sig=%00&return_url=/x&outcome=approve",
    },
    { name: "a form of bad UTF-8", contentType: "application/x-www-form-urlencoded", payload: "payment=%C3%28&sig=%FF&outcome=%E2%82" },
    {
      name: "a form with repeated keys",
      contentType: "application/x-www-form-urlencoded",
      payload: "outcome=approve&outcome=reject&payment[]=1",
    },
    { name: "text/plain", contentType: "text/plain", payload: "outcome=approve" },
  ];

  for (const page of ["3ds", "approve"]) {
    for (const body of badBodies) {
      it(`POST /sandbox-pay/${page} with ${body.name} answers a coded 4xx`, async () => {
        const response = await t.app.inject({
          method: "POST",
          url: `/sandbox-pay/${page}`,
          headers: { "content-type": body.contentType },
          payload: body.payload,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      });
    }
  }

  it("names the missing fields of a decision without them", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/3ds",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=approve",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "validation_failed" });
    expect(Object.keys(response.json().field_codes)).toEqual(expect.arrayContaining(["payment", "sig", "return_url"]));
  });

  it("answers 404 for a well-formed decision on a payment that does not exist", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/sandbox-pay/approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "payment=7a1b2c3d-0000-4000-8000-000000000000&sig=x&return_url=/pagado&outcome=approve",
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("not_found");
  });

  describe("the card page (issue 32, 3)", () => {
    const card = { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" };

    it("cannot be framed by another site and runs only its own script", async () => {
      const response = await t.app.inject({ method: "GET", url: "/sandbox-pay/card" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
      expect(csp).toContain("default-src 'none'");
    });

    it("exists on a sandbox shop's host, and not on the host of a shop that charges live", async () => {
      const owner = await createUser(t.ctx);
      const sandboxShop = await createShop(t.ctx, owner.id);
      const liveShop = await createShop(t.ctx, owner.id, { canonicalDomain: "tienda-en-vivo.example" });
      await t.ctx.db.insert(paymentModes).values({ shopId: liveShop.id, live: true, updatedAt: new Date() });

      const onSandbox = await t.app.inject({
        method: "GET",
        url: "/sandbox-pay/card",
        headers: { host: `${sandboxShop.slug}.localhost:3000` },
      });
      expect(onSandbox.statusCode).toBe(200);
      for (const host of [`${liveShop.slug}.localhost:3000`, "tienda-en-vivo.example"]) {
        const page = await t.app.inject({ method: "GET", url: "/sandbox-pay/card", headers: { host } });
        expect(page.statusCode).toBe(404);
        const token = await t.app.inject({ method: "POST", url: "/sandbox-pay/tokens", headers: { host }, payload: card });
        expect(token.statusCode).toBe(404);
        expect(token.json().code).toBe("not_found");
      }
      const sandboxToken = await t.app.inject({
        method: "POST",
        url: "/sandbox-pay/tokens",
        headers: { host: `${sandboxShop.slug}.localhost:3000` },
        payload: card,
      });
      expect(sandboxToken.statusCode).toBe(200);
    });
  });
});
