import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { createClock } from "./clock";
import { loadConfig } from "./config";
import { openPostgres } from "./db/client";
import { createProduct, createShop, createUser, createUserWithPassword, signIn } from "./test/harness";
import { createPostgresDatabase } from "./test/processes";

/**
 * docs/DEPLOY.md "Backups", done as an operator would: pg_dump of a database with a purchase and an uploaded digital
 * file, the storage directory copied, both restored into a fresh database and directory, and the customer still signs
 * in, sees the purchase and downloads the file they bought. Runs in the PostgreSQL project, with pg_dump and pg_restore.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const tools = ["pg_dump", "pg_restore"].filter((tool) => spawnSync(tool, ["--version"]).status !== 0);
const why =
  process.env.TEST_DB !== "postgres" || !adminUrl
    ? "needs PostgreSQL (TEST_DATABASE_URL; it runs in the server:postgres project)"
    : tools.length > 0
      ? `needs ${tools.join(" and ")} (apt-get install postgresql-client)`
      : "";
if (why) console.log(`Backup and restore test skipped: ${why}`);

const secret = "backup-test-secret-long-enough-for-production-0123";
const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(32 * 1024, 9), Buffer.from("\n%%EOF\n")]);

async function start(databaseUrl: string, storageDir: string): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: storageDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "false",
    APP_SECRET: secret,
  });
  const app = await buildApp({ config, database: await openPostgres(databaseUrl, 3), clock: createClock() });
  await app.ready();
  return app;
}

function multipart(fileName: string, data: Buffer) {
  const boundary = "----tianguis-backup-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe.skipIf(why !== "")("backups that restore (pg_dump, pg_restore and a copy of the storage)", () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  });

  it("restores a marketplace whose customer signs in, sees their purchase and downloads the file they bought", async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-backup-"));
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
    const source = await createPostgresDatabase(adminUrl as string, "tianguis_backup");
    cleanups.push(() => source.drop());

    // The running marketplace: a shop selling a digital item, bought and paid by a customer with a password.
    let app = await start(source.url, path.join(work, "live"));
    cleanups.push(() => app.close());
    const password = "secreta-123";
    const customer = await createUserWithPassword(app.ctx, password);
    const owner = await createUser(app.ctx);
    const shop = await createShop(app.ctx, owner.id);
    const item = await createProduct(app.ctx, shop.id, { type: "digital", name: "Patrones (PDF)", stockType: "ondemand", stock: null });
    const body = multipart("patrones.pdf", pdf);
    const uploaded = await app.inject({
      method: "PUT",
      url: `/api/v1/shops/${shop.slug}/products/${item.id}/file`,
      headers: { ...(await signIn(app.ctx, owner.id)), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const buyer = await signIn(app.ctx, customer.id);
    const inCart = await app.inject({
      method: "PUT",
      url: `/api/v1/shops/${shop.slug}/cart/items`,
      headers: buyer,
      payload: { product_id: item.id, quantity: 1 },
    });
    expect(inCart.statusCode).toBe(200);
    const purchase = await app.inject({
      method: "POST",
      url: `/api/v1/shops/${shop.slug}/checkout`,
      headers: buyer,
      payload: { delivery_type: "to_branch" },
    });
    expect(purchase.statusCode).toBe(201);
    const card = await app.inject({
      method: "POST",
      url: "/sandbox-pay/tokens",
      payload: { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
    });
    const paid = await app.inject({
      method: "POST",
      url: `/api/v1/checkouts/${purchase.json().id}/pay`,
      headers: buyer,
      payload: { method: "str_card", card_token: card.json().token, return_path: "/pagado" },
    });
    expect(paid.json().status).toBe("paid");

    // The backup, while the instance runs: the database (pg_dump's custom format) and the storage directory.
    const dump = path.join(work, "tianguis.dump");
    execFileSync("pg_dump", ["-Fc", "-d", source.url, "-f", dump]);
    fs.cpSync(path.join(work, "live"), path.join(work, "copy"), { recursive: true });
    await app.close();
    await source.drop();

    // The restore: a new, empty database and the copied storage, under a new instance with the same APP_SECRET.
    const restored = await createPostgresDatabase(adminUrl as string, "tianguis_restored");
    cleanups.push(() => restored.drop());
    execFileSync("pg_restore", ["--no-owner", "--exit-on-error", "-d", restored.url, dump]);
    app = await start(restored.url, path.join(work, "copy"));

    const login = await app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { username: customer.username, password } });
    expect(login.statusCode).toBe(200);
    const cookie = ([] as string[])
      .concat(login.headers["set-cookie"] ?? [])
      .map((one) => one.split(";")[0])
      .join("; ");
    const mine = await app.inject({ method: "GET", url: "/api/v1/orders", headers: { cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().results.map((one: { id: string }) => one.id)).toEqual([purchase.json().id]);
    const view = await app.inject({ method: "GET", url: `/api/v1/checkouts/${purchase.json().id}`, headers: { cookie } });
    expect(view.json().state).toBe("paid");
    const link: string = view.json().orders[0].items[0].download_url;
    expect(link).toBeTruthy();
    const download = await app.inject({ method: "GET", url: link, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
  });
});
