import { defineConfig } from "vitest/config";

// Browser journeys against the real built app: each spec file starts it on a random port with its own PGlite database,
// a copy of one migrated and seeded once for the run (global-setup.ts).
export default defineConfig({
  test: {
    include: ["specs/**/*.spec.ts"],
    globalSetup: ["./global-setup.ts"],
    setupFiles: ["./setup-server.ts"],
    // Timeouts only catch a hang: journeys wait on the page's final content, however long a busy machine takes.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // expect.poll waits on the page's final content too: Vitest's default of 1 s is a busy machine's hiccup.
    expect: { poll: { timeout: 120_000 } },
    // Three spec files at a time (each with its own server and database): a journey waits on the page much of its
    // time, so three share the 2-core CI machine well (51 files: 968 s with three, 1,243 s with two; one at a time,
    // 15 files took about 20 min).
    fileParallelism: true,
    maxWorkers: 3,
    pool: "forks",
  },
});
