import { afterAll, beforeAll } from "vitest";
import { type RunningServer, startServer } from "./server";

// Each spec file gets its own server and fresh database, so journeys never see each other's data.
let server: RunningServer | undefined;

beforeAll(async () => {
  server = await startServer();
  (globalThis as { tianguisServer?: RunningServer }).tianguisServer = server;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});
