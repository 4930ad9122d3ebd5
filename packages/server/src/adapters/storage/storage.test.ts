import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { digitalFiles } from "../../db/schema/downloads";
import { type TestCluster, createTestCluster } from "../../test/cluster";
import { createProduct, createShop, createUser, openPgliteTestDatabase, signIn } from "../../test/harness";
import { type TestS3, startTestS3 } from "../../test/s3-server";
import { EMPTY_SHA256, S3Error, s3Client, signedHeaders } from "./s3";
import { createStorages } from "./storage";

const png = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("SigV4", () => {
  it("signs AWS's documented GET Object example to its published signature", async () => {
    // docs.aws.amazon.com, "Signature Calculations for the Authorization Header", example GET Object.
    const headers = await signedHeaders(
      { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1" },
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: EMPTY_SHA256,
        date: new Date("2013-05-24T00:00:00Z"),
      },
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});

describe("storage configuration", () => {
  it("keeps uploads under STORAGE_DIR when given, and selects the bucket with S3_BUCKET", () => {
    const shared = loadConfig({ NODE_ENV: "test", DATA_DIR: "/var/lib/tianguis", STORAGE_DIR: "/mnt/shared" });
    expect(shared.uploadDir).toBe(path.resolve("/mnt/shared/uploads"));
    expect(shared.privateDir).toBe(path.resolve("/mnt/shared/private"));
    expect(shared.s3).toBeUndefined();
    const s3 = loadConfig({ NODE_ENV: "test", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", S3_REGION: "eu-west-1" });
    expect(s3.s3).toMatchObject({ bucket: "b", endpoint: "https://s3.eu-west-1.amazonaws.com", forcePathStyle: true });
    expect(() => loadConfig({ NODE_ENV: "test", S3_BUCKET: "b" })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ NODE_ENV: "test", S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/without S3_BUCKET/);
  });
});

describe("uploads seen by every instance: one STORAGE_DIR", () => {
  let cluster: TestCluster;
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-shared-storage-"));
  beforeAll(async () => {
    cluster = await createTestCluster(2, { STORAGE_DIR: storageDir });
  });
  afterAll(async () => {
    await cluster.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it("serves at /media/ on one instance what another stored", async () => {
    const [a, b] = cluster.apps;
    const url = await a.ctx.storage.put("shops/x/logo.png", png, "image/png");
    const served = await b.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(fs.existsSync(path.join(storageDir, "uploads/shops/x/logo.png"))).toBe(true);
  });
});

describe("uploads seen by every instance: an S3-compatible bucket (s3rver)", () => {
  let s3: TestS3;
  let cluster: TestCluster;
  beforeAll(async () => {
    s3 = await startTestS3();
    cluster = await createTestCluster(2, s3.env);
  });
  afterAll(async () => {
    await cluster?.close();
    await s3?.close();
  });

  it("stores public files under media/ and serves them at /media/ from any instance, with caching headers", async () => {
    const [a, b] = cluster.apps;
    const url = await a.ctx.storage.put("products/p1/original.png", png, "image/png");
    expect(url).toBe("/media/products/p1/original.png");
    expect(a.ctx.storage.keyOf(url)).toBe("products/p1/original.png");
    expect(fs.readdirSync(s3.directory, { recursive: true }).join("\n")).toContain("media/products/p1/original.png");

    const served = await b.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toMatch(/max-age=604800/);
    expect(served.rawPayload.equals(png)).toBe(true);
    const again = await a.app.inject({ method: "GET", url, headers: { "if-none-match": String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);

    await b.ctx.storage.delete("products/p1/original.png");
    expect((await a.app.inject({ method: "GET", url })).statusCode).toBe(404);
    expect((await a.app.inject({ method: "GET", url: "/media/../private/x" })).statusCode).toBe(404);
  });

  it("keeps digital items' files under private/, which /media/ never serves, and reads them back on any instance", async () => {
    const [a, b] = cluster.apps;
    const owner = await createUser(a.ctx);
    const shop = await createShop(a.ctx, owner.id);
    const item = await createProduct(a.ctx, shop.id, { type: "digital", stockType: "ondemand", stock: null });
    const data = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(300 * 1024, 9), Buffer.from("\n%%EOF\n")]);
    const boundary = "----tianguis-s3-test";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="guia.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await a.app.inject({
      method: "PUT",
      url: `/api/v1/shops/${shop.slug}/products/${item.id}/file`,
      headers: { ...(await signIn(a.ctx, owner.id)), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const [row] = await b.ctx.db.select().from(digitalFiles).where(eq(digitalFiles.productId, item.id));
    expect(row.sizeBytes).toBe(data.length);
    expect(fs.readdirSync(s3.directory, { recursive: true }).join("\n")).toContain(`private/${row.storageKey}`);
    expect((await readStream(await b.ctx.privateStorage.read(row.storageKey))).equals(data)).toBe(true);
    expect((await b.app.inject({ method: "GET", url: `/media/${row.storageKey}` })).statusCode).toBe(404);

    await b.ctx.privateStorage.delete(row.storageKey);
    await expect(a.ctx.privateStorage.read(row.storageKey)).rejects.toThrow(/no such private file/);
  });

  it("streams a private upload of unknown length (spooled, measured, then sent)", async () => {
    const [a] = cluster.apps;
    const parts = [Buffer.alloc(70_000, 1), Buffer.alloc(5, 2), Buffer.alloc(200_000, 3)];
    expect(await a.ctx.privateStorage.write("digital/stream/test", Readable.from(parts))).toBe(270_005);
    expect((await readStream(await a.ctx.privateStorage.read("digital/stream/test"))).equals(Buffer.concat(parts))).toBe(true);
  });

  it("signs keys with spaces, '+', parentheses and non-ASCII letters as the server checks them", async () => {
    const [a] = cluster.apps;
    const key = "shops/x/año (copia)+1 ~final!.png";
    const url = await a.ctx.storage.put(key, png, "image/png");
    expect((await a.ctx.storage.read(key))?.equals(png)).toBe(true);
    await a.ctx.storage.delete(key);
    expect(await a.ctx.storage.read(key)).toBeNull();
    expect(url).toBe(`/media/${key}`);
  });

  it("is refused by the server with a wrong secret: the signature is checked, not ignored", async () => {
    const config = loadConfig({ NODE_ENV: "test", ...s3.env, S3_SECRET_ACCESS_KEY: "not-the-secret" });
    const client = s3Client(config.s3!);
    try {
      const refused = await client.putObject("media/x", png, "image/png").catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(S3Error);
      expect((refused as S3Error).code).toBe("SignatureDoesNotMatch");
    } finally {
      client.close();
    }
  });

  it("lets pages show images from an absolute S3_PUBLIC_URL's origin (Content-Security-Policy img-src)", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...s3.env, S3_PUBLIC_URL: "https://cdn.example.com/media/" });
    const app = await buildApp({ config, database: await openPgliteTestDatabase(), web: false });
    app.get("/page", async (_request, reply) =>
      reply.header("content-security-policy", "default-src 'self'; img-src 'self' data: blob:; font-src 'self'").send("ok"),
    );
    try {
      const page = await app.inject({ method: "GET", url: "/page" });
      expect(page.headers["content-security-policy"]).toBe(
        "default-src 'self'; img-src 'self' data: blob: https://cdn.example.com; font-src 'self'",
      );
    } finally {
      await app.close();
    }
  });

  it("names an absolute S3_PUBLIC_URL in public URLs and lets pages show images from its origin", async () => {
    const config = loadConfig({ NODE_ENV: "test", ...s3.env, S3_PUBLIC_URL: "https://cdn.example.com/tianguis/media" });
    expect(config.s3?.publicUrl).toBe("https://cdn.example.com/tianguis/media/");
    const storages = createStorages(config);
    try {
      const url = await storages.storage.put("banners/b1/desktop.png", png, "image/png");
      expect(url).toBe("https://cdn.example.com/tianguis/media/banners/b1/desktop.png");
      expect(storages.storage.keyOf(url)).toBe("banners/b1/desktop.png");
      expect(storages.storage.keyOf("/media/banners/b1/desktop.png")).toBeNull();
    } finally {
      storages.close();
    }
  });
});
