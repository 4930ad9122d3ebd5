import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { type TestApp, createTestApp } from "../../test/harness";

/** Demo mode (README, configuration): a new user reads PINs and e-mails at /dev/outbox even when the server runs in production. */
const secret = "demo-mode-test-secret-0123456789abcdef";

function serverIn(env: Record<string, string>) {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(env);
  });
  afterAll(async () => test?.close());
  return async (method: "GET" | "POST", url: string) =>
    (await test.app.inject({ method, url, ...(method === "POST" ? { payload: { advance_ms: 1 } } : {}) })).statusCode;
}

describe("demo mode", () => {
  // The embedded demo keeps a generated APP_SECRET in its data directory.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-demo-"));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  it("is on by default for npm start's embedded database and off on PostgreSQL, unless DEMO_MODE says otherwise", () => {
    expect(loadConfig({ NODE_ENV: "production", DATA_DIR: tmp }).demoMode).toBe(true);
    expect(
      loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://tianguis@db.example:5432/tianguis", APP_SECRET: secret }).demoMode,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", APP_SECRET: secret, DEMO_MODE: "false" }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://tianguis@db.example:5432/tianguis", DEMO_MODE: "true" }).demoMode).toBe(true);
  });
});

describe("a production server in demo mode", () => {
  const status = serverIn({ NODE_ENV: "production", APP_SECRET: secret, DEMO_MODE: "true" });
  it("opens the outbox, so a new user can read the sign-up PIN", async () => {
    expect(await status("GET", "/api/v1/dev/outbox")).toBe(200);
  });
  it("keeps the clock and the job runner closed", async () => {
    expect(await status("POST", "/api/v1/dev/clock")).toBe(404);
    expect(await status("POST", "/api/v1/dev/jobs/run")).toBe(404);
  });
});

describe("a real production deployment (demo mode off)", () => {
  const status = serverIn({ NODE_ENV: "production", APP_SECRET: secret, DEMO_MODE: "false" });
  it("answers 404 for every dev endpoint", async () => {
    expect(await status("GET", "/api/v1/dev/outbox")).toBe(404);
    expect(await status("POST", "/api/v1/dev/clock")).toBe(404);
    expect(await status("POST", "/api/v1/dev/jobs/run")).toBe(404);
  });
});
