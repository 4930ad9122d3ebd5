import { afterAll, beforeAll, inject } from "vitest";
import { type RunningServer, startServer } from "./server";

// Each spec file gets its own server and database (a copy of the run's seeded one), so journeys never see each other's data. With
// E2E_TOPOLOGY=scaleout (run-scaleout.ts) that "server" is two instances behind nginx on PostgreSQL and Redis.
let server: RunningServer | undefined;

beforeAll(async () => {
  server =
    process.env.E2E_TOPOLOGY === "scaleout"
      ? await (await import("./scaleout")).startScaleout()
      : await startServer({}, { seeded: inject("seededDataDir") || undefined });
  (globalThis as { tianguisServer?: RunningServer }).tianguisServer = server;
});

afterAll(async () => {
  await server?.stop();
});
