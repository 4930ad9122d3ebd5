import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratedPgliteDump, openPostgres } from "../db/client";
import { createPostgresDatabase } from "./processes";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite database dumped to this file, every test database's starting point ("": none). */
    migratedPglite: string;
    /** A migrated PostgreSQL database that test databases are created from ("": none). */
    migratedPostgres: string;
  }
}

/**
 * Migrates one database for the whole run of a server project: each test database starts as a copy of it, which is
 * quicker than migrating every one (PGlite: 0.9 s to load against 3.2 s to create and migrate).
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB;
  if (kind === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const created = await createPostgresDatabase(adminUrl, "tianguis_template");
    const database = await openPostgres(created.url, 1);
    await database.close();
    project.provide("migratedPostgres", new URL(created.url).pathname.slice(1));
    project.provide("migratedPglite", "");
    return () => created.drop();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-migrated-"));
  const file = path.join(dir, "pglite.tar");
  fs.writeFileSync(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide("migratedPglite", file);
  project.provide("migratedPostgres", "");
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
