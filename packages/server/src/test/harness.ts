import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../app";
import { type Clock, createClock } from "../clock";
import { loadConfig } from "../config";
import type { AppContext } from "../context";
import { type Database, openPglite, openPostgres } from "../db/client";
import { users } from "../db/schema/accounts";
import { productImages, products } from "../db/schema/catalog";
import { shops } from "../db/schema/shops";
import { CSRF_COOKIE, csrfTokenFor } from "../http/auth";
import { SESSION_COOKIE } from "../http/sessions";
import { hashPassword } from "../modules/accounts/passwords";
import { createSession } from "../modules/accounts/sessions";
import { createPostgresDatabase } from "./processes";

/** Which database this run of the server suite uses: PGlite always; PostgreSQL when the project sets TEST_DB=postgres. */
export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A fresh PostgreSQL database beside TEST_DATABASE_URL's, empty or (`migrated`) a copy of the run's migrated one
 * (global-setup.ts): its URL, and how to drop it.
 */
export async function createPostgresTestDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return createPostgresDatabase(adminUrl, "tianguis_test", (options.migrated && inject("migratedPostgres")) || undefined);
}

/** A fresh in-memory PGlite database, a copy of the run's migrated one (global-setup.ts). */
export async function openPgliteTestDatabase(): Promise<Database> {
  const dump = inject("migratedPglite");
  return openPglite(undefined, dump ? new Blob([fs.readFileSync(dump)]) : undefined);
}

async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind === "pglite") return openPgliteTestDatabase();
  const created = await createPostgresTestDatabase({ migrated: true });
  const database = await openPostgres(created.url, 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: Clock;
  close(): Promise<void>;
}

/**
 * A real app on a fresh database, with its own upload folder and a movable clock; no web pages unless `web` says how
 * ("vite": from source, for tests that need the pages without a build).
 */
export async function createTestApp(env: Record<string, string> = {}, options: { web?: "vite" } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-test-"));
  // Tests stand behind a loopback proxy, so X-Forwarded-For names the client; production trusts no proxy unless told.
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    TRUST_PROXY: "loopback",
    APP_SECRET: "test-secret-long-enough-for-production-0123",
    ...env,
  });
  const clock = createClock();
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, clock, web: options.web ?? false });
  await app.ready();
  return {
    app,
    ctx: app.ctx,
    clock,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
function unique(prefix: string) {
  counter += 1;
  return `${prefix}${counter}${randomUUID().slice(0, 6)}`;
}

export async function createUser(ctx: AppContext, values: Partial<typeof users.$inferInsert> = {}) {
  const username = values.username ?? `${unique("user")}@example.com`;
  const [row] = await ctx.db
    .insert(users)
    .values({ username, email: username, fullName: "Test User", ...values })
    .returning();
  return row;
}

/** A user who signs in with `password` (hashed as sign-up stores it). */
export async function createUserWithPassword(ctx: AppContext, password: string, values: Partial<typeof users.$inferInsert> = {}) {
  return createUser(ctx, { ...values, passwordHash: await hashPassword(password) });
}

export async function createShop(ctx: AppContext, ownerId: string, values: Partial<typeof shops.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(shops)
    .values({ slug: unique("shop"), name: "Test Shop", ownerId, ...values })
    .returning();
  return row;
}

export async function createProduct(ctx: AppContext, shopId: string, values: Partial<typeof products.$inferInsert> = {}) {
  const name = values.name ?? unique("Product ");
  const [row] = await ctx.db
    .insert(products)
    .values({ shopId, slug: unique("product-"), name, type: "product", listPrice: 10000, stock: 10, ...values })
    .returning();
  await ctx.db.insert(productImages).values({
    productId: row.id,
    original: "/media/x/original.png",
    thumb: "/media/x/400x300.webp",
    card: "/media/x/350x419.webp",
    alt: name,
  });
  return row;
}

/** Headers of a signed-in browser: the session cookie plus the double-submit CSRF cookie and header. */
export async function signIn(ctx: AppContext, userId: string): Promise<Record<string, string>> {
  const { token } = await createSession(ctx, userId);
  const csrf = csrfTokenFor(ctx.config.APP_SECRET, token);
  return { cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`, "x-csrf-token": csrf };
}

/** Pays a purchase by the sandbox's test card (4242…), as the checkout page does; answers the pay call's response. */
export async function payBySandboxCard(
  app: FastifyInstance,
  purchase: { id: string; access_token: string },
  headers: Record<string, string> = {},
) {
  const token = await app.inject({
    method: "POST",
    url: "/sandbox-pay/tokens",
    payload: { number: "4242424242424242", name: "Ana", exp_month: 12, exp_year: 2040, cvc: "123" },
  });
  return app.inject({
    method: "POST",
    url: `/api/v1/checkouts/${purchase.id}/pay?token=${purchase.access_token}`,
    headers,
    payload: { method: "str_card", card_token: token.json().token, return_path: "/pagado" },
  });
}
