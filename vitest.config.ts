import { defineConfig } from "vitest/config";

// Timeouts only catch a hang: a test waits on the result it expects, however long a busy machine takes to produce it (on a
// 2-core machine at load 20, a purchase-and-tickets test took 31 s and an app start over a minute). Every project sets
// them: an inline project does not inherit the root's test options, and Vitest's own defaults (5 s a test, 10 s a hook)
// are what a domain or web file exceeds while the machine is busy with other work (the layering test reads ~900 files).
const hangTimeouts = { testTimeout: 300_000, hookTimeout: 600_000 };

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: "packages/server",
    include: ["src/**/*.test.ts"],
    env,
    // One migrated database for the run, copied for each test database.
    globalSetup: ["src/test/global-setup.ts"],
    ...hangTimeouts,
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
    // Closing at the end (workers stopping, the global teardowns dropping their databases) gets more than the default
    // 10 s, after which Vitest would exit without waiting for them.
    teardownTimeout: 120_000,
    projects: [
      { test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"], ...hangTimeouts } },
      // Layering rules read from import lines and the browser's own logic (no rendering, so no browser or React Router
      // setup: pages are tested in Chromium, e2e/).
      { test: { name: "web", root: "packages/web", include: ["app/**/*.test.ts"], ...hangTimeouts } },
      // The CI scripts' own logic (the dependency audit's judge).
      { test: { name: "scripts", root: "scripts", include: ["**/*.test.mjs"], ...hangTimeouts } },
      serverProject("server:pglite", { TEST_DB: "pglite" }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("server:postgres", { TEST_DB: "postgres" })] : []),
    ],
  },
});
