import fs from "node:fs";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { browserOptions } from "./chromium";
import { seededDataDir } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated and seeded data directory every spec file's server starts from a copy of (empty: none). */
    seededDataDir: string;
    /** The run's Chromium, which every spec file's launchBrowser() connects to. */
    browserEndpoint: string;
  }
}

/**
 * Migrates and seeds one database for the whole run (the scale-out topology runs on PostgreSQL and seeds its own), and
 * starts one Chromium for the run: each spec file connects to it instead of starting a browser of its own.
 */
export default async function setup(project: TestProject) {
  const [dataDir, browser] = await Promise.all([
    process.env.E2E_TOPOLOGY === "scaleout" ? "" : seededDataDir(),
    chromium.launchServer(browserOptions),
  ]);
  project.provide("seededDataDir", dataDir);
  project.provide("browserEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
