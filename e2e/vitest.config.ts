import { defineConfig } from "vitest/config";

// Browser journeys against the real built app: each spec file starts it on a random port with a fresh PGlite database and the demo seed.
export default defineConfig({
  test: {
    include: ["specs/**/*.spec.ts"],
    setupFiles: ["./setup-server.ts"],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: "forks",
  },
});
