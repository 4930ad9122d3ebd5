import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { seededDataDir } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated and seeded data directory every spec file's server starts from a copy of (empty: none). */
    seededDataDir: string;
  }
}

/** Migrates and seeds one database for the whole run; the scale-out topology runs on PostgreSQL and seeds its own. */
export default async function setup(project: TestProject) {
  const dataDir = process.env.E2E_TOPOLOGY === "scaleout" ? "" : await seededDataDir();
  project.provide("seededDataDir", dataDir);
  return () => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
