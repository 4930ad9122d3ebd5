import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/harness";

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
});
