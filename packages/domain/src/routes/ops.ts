// Written by `npm run routes -w @tianguis/domain` from src/api/ops.ts: change the contract there, then run it again.
import type { opsApi as opsApiContract } from "../api/ops";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/ops.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const opsApi = routes<typeof opsApiContract>({
  eventDeliveries: { method: "GET", path: "/ops/events" },
  eventDelivery: { method: "GET", path: "/ops/events/:delivery_id" },
  replay: { method: "POST", path: "/ops/events/:delivery_id/replay" },
  replayAll: { method: "POST", path: "/ops/events/replay" },
});
