import { defineConfig } from "vitest/config";

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: "packages/server",
    include: ["src/**/*.test.ts"],
    env,
    // One migrated database for the run, copied for each test database.
    globalSetup: ["src/test/global-setup.ts"],
    // Timeouts only catch a hang: a test waits on the result it expects, however long a busy machine takes to produce
    // it (on a 2-core machine at load 20, a purchase-and-tickets test took 31 s and an app start over a minute).
    testTimeout: 300_000,
    hookTimeout: 600_000,
    pool: "forks" as const,
    // A worker runs its test files one after another in one process, importing the app's modules once rather than
    // once per file (import was half of the run's time); every file builds its own app on its own database.
    isolate: false,
  },
});

// The server suite runs on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Two test files at a time on the 2-core CI machine (Vitest's default is cores − 1 = one): the PostgreSQL project
    // waits on the database server much of its time (the whole run took 678 s with one worker, 458 s with two).
    maxWorkers: 2,
    // With each worker keeping its modules from one file to the next and every test database copied from a migrated
    // one (server projects below), the run went from 527 s to 170 s.
    isolate: false,
    projects: [
      { test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"] } },
      // Layering rules read from import lines and the browser's own logic (no rendering, so no browser or React Router
      // setup: pages are tested in Chromium, e2e/).
      { test: { name: "web", root: "packages/web", include: ["app/**/*.test.ts"] } },
      // The CI scripts' own logic (the dependency audit's judge).
      { test: { name: "scripts", root: "scripts", include: ["**/*.test.mjs"] } },
      serverProject("server:pglite", { TEST_DB: "pglite" }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("server:postgres", { TEST_DB: "postgres" })] : []),
    ],
  },
});
