// Written by `npm run routes -w @tianguis/domain` from src/api/dev.ts: change the contract there, then run it again.
import type { devApi as devApiContract } from "../api/dev";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/dev.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const devApi = routes<typeof devApiContract>({
  outbox: { method: "GET", path: "/dev/outbox" },
  clock: { method: "POST", path: "/dev/clock" },
  runJobs: { method: "POST", path: "/dev/jobs/run" },
});
