import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferredEncoding } from "./compression";
import { type TestApp, createTestApp } from "./test/harness";

describe("which encoding a client gets", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["BR;q=0.0, gzip;q=0", undefined],
    ["identity", undefined],
    [undefined, undefined],
  ])("%s → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("compression of API responses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it.each([
    ["br", (data: Buffer) => zlib.brotliDecompressSync(data)],
    ["gzip", (data: Buffer) => zlib.gunzipSync(data)],
  ])("sends JSON as %s when the client accepts it, with the same content", async (encoding, decode) => {
    const plain = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const compressed = await t.app.inject({ method: "GET", url: "/api/docs/json", headers: { "accept-encoding": encoding } });
    expect(compressed.headers["content-encoding"]).toBe(encoding);
    expect(compressed.headers.vary).toContain("accept-encoding");
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decode(compressed.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it("answers the same JSON twice with the same bytes, and refuses no client its plain form", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/docs/json", headers: { "accept-encoding": "br" } });
    const second = await t.app.inject({ method: "GET", url: "/api/docs/json", headers: { "accept-encoding": "br" } });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(Number(second.headers["content-length"])).toBe(second.rawPayload.length);
    const refused = await t.app.inject({ method: "GET", url: "/api/docs/json", headers: { "accept-encoding": "br;q=0, gzip;q=0" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.json()).toEqual(JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString()));
  });

  it("leaves small answers as they are", async () => {
    const health = await t.app.inject({ method: "GET", url: "/api/v1/health", headers: { "accept-encoding": "br" } });
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.json()).toMatchObject({ status: "ok" });
  });
});
