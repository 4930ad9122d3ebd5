import { z } from "zod";
import { outboxMessage } from "../schemas/dev";
import { endpoint } from "./endpoint";

/** Development-only endpoints (never registered in production): the notifier's outbox, the clock and the job runner. */
export const devApi = {
  outbox: endpoint({
    method: "GET",
    path: "/dev/outbox",
    tags: ["dev"],
    summary: "Messages the notifier sent, newest first (not in production)",
    query: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.object({ results: z.array(outboxMessage) }),
  }),
  clock: endpoint({
    method: "POST",
    path: "/dev/clock",
    tags: ["dev"],
    summary: "Advance the server clock (not in production)",
    body: z.object({ advance_ms: z.number().int().min(0) }),
    response: z.object({ now: z.string() }),
  }),
  runJobs: endpoint({
    method: "POST",
    path: "/dev/jobs/run",
    tags: ["dev"],
    summary: "Run every due job now (not in production)",
    response: z.object({ ran: z.number().int() }),
  }),
};
