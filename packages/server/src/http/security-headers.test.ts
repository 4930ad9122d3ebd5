import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../test/harness";
import { HSTS } from "./security-headers";

/** Security headers of API answers, uploads and the API docs (issue 32, 3); pages add their CSP in web.ts. */
describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("sends HSTS on an answer that went out over https through the trusted proxy, and only then", async () => {
    const viaProxy = await t.app.inject({ method: "GET", url: "/api/v1/health", headers: { "x-forwarded-proto": "https" } });
    expect(viaProxy.headers["strict-transport-security"]).toBe(HSTS);
    const plain = await t.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    // Anyone else's X-Forwarded-Proto is not believed (the tests trust loopback only).
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/v1/health",
      remoteAddress: "203.0.113.9",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends nosniff on API JSON, API errors and uploaded media", async () => {
    const json = await t.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(json.headers["content-type"]).toContain("application/json");
    expect(json.headers["x-content-type-options"]).toBe("nosniff");
    const error = await t.app.inject({ method: "GET", url: "/api/v1/shops/no-such-shop-zz" });
    expect(error.statusCode).toBe(404);
    expect(error.headers["x-content-type-options"]).toBe("nosniff");
    fs.mkdirSync(path.join(t.ctx.config.uploadDir, "nosniff"), { recursive: true });
    fs.writeFileSync(path.join(t.ctx.config.uploadDir, "nosniff/a.png"), "<html><script>alert(1)</script>");
    const media = await t.app.inject({ method: "GET", url: "/media/nosniff/a.png" });
    expect(media.statusCode).toBe(200);
    expect(media.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves the Swagger UI with a CSP of its own", async () => {
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
    expect(ui.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(ui.headers["content-security-policy"]).toMatch(/frame-ancestors 'self'/);
  });

  it("has deploy/nginx.conf send HSTS over https", () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
    const conf = fs.readFileSync(path.join(root, "deploy/nginx.conf"), "utf8");
    expect(conf).toMatch(/map \$scheme \$tianguis_hsts \{\s*https "max-age=31536000";/);
    expect(conf).toMatch(/add_header Strict-Transport-Security \$tianguis_hsts always;/);
  });
});
