import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DEVELOPMENT_SECRET, type SecretSettings, decideAppSecret } from "./app-secret";
import { loadConfig } from "./config";

const strong = "s".repeat(32);
const base: SecretSettings = { isProduction: true, seedDemo: false, dataDir: "/srv/tianguis" };
const postgres = "postgres://tianguis@db.example:5432/tianguis";

/** Attack test: a production server signing with the development secret anyone can read in the repository. */
describe("which APP_SECRET the server signs with", () => {
  it.each([
    ["development without a secret: the development default", { ...base, isProduction: false }, { use: DEVELOPMENT_SECRET }],
    ["development with the default", { ...base, isProduction: false, appSecret: DEVELOPMENT_SECRET }, { use: DEVELOPMENT_SECRET }],
    ["production with a strong secret", { ...base, appSecret: strong }, { use: strong }],
    ["production with the development default", { ...base, appSecret: DEVELOPMENT_SECRET }, { refuse: expect.stringContaining("default") }],
    ["production with 31 characters", { ...base, appSecret: strong.slice(1) }, { refuse: expect.stringContaining("too short") }],
    [
      "production on PostgreSQL without one",
      { ...base, seedDemo: true, databaseUrl: postgres },
      { refuse: expect.stringContaining("required") },
    ],
    ["production without the demo seed", { ...base, seedDemo: false }, { refuse: expect.stringContaining("required") }],
    ["the embedded demo (npm start) without one", { ...base, seedDemo: true }, { keepIn: path.resolve("/srv/tianguis/secret") }],
    ["the embedded demo with a weak one", { ...base, seedDemo: true, appSecret: DEVELOPMENT_SECRET }, { refuse: expect.any(String) }],
  ])("%s", (_case, settings, decision) => {
    expect(decideAppSecret(settings)).toEqual(decision);
  });
});

describe("starting in production", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-secret-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the demo's generated secret in DATA_DIR/secret (0600) and reuses it on the next start", () => {
    const DATA_DIR = path.join(tempDir(), "data");
    const first = loadConfig({ NODE_ENV: "production", DATA_DIR });
    const file = path.join(DATA_DIR, "secret");
    expect(first.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(first.APP_SECRET).not.toBe(DEVELOPMENT_SECRET);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ NODE_ENV: "production", DATA_DIR }).APP_SECRET).toBe(first.APP_SECRET);
  });

  it("refuses to start with the development secret, saying why", () => {
    const main = path.join(path.dirname(fileURLToPath(import.meta.url)), "main.ts");
    const run = spawnSync(process.execPath, ["--import", "tsx", main], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", APP_SECRET: DEVELOPMENT_SECRET, DATA_DIR: tempDir(), PORT: "0" },
      encoding: "utf8",
      // tsx compiles the app's modules before main.ts refuses: a busy machine takes well over a minute for that.
      timeout: 240_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Refusing to start: APP_SECRET is the public development default");
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["true", true],
    ["2", 2],
    ["10.0.0.1, 10.1.0.0/16,::1", ["10.0.0.1", "10.1.0.0/16", "::1"]],
    ["loopback", ["loopback"]],
  ])("reads %s", (value, trusted) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(trusted);
  });

  it("refuses what Fastify would not understand", () => {
    expect(() => loadConfig({ TRUST_PROXY: "proxy.internal" })).toThrow(/TRUST_PROXY/);
  });
});
