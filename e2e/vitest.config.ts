import { defineConfig } from "vitest/config";

// Browser journeys against the real built app on a random port, a fresh PGlite database and the demo seed.
export default defineConfig({
  test: {
    include: ["specs/**/*.spec.ts"],
    globalSetup: ["./global-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: "forks",
  },
});
