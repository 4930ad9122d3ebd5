import { z } from "zod";
import { listOf } from "../schemas/common";
import { auditActorsView, auditEntryView, auditListQuery } from "../schemas/audit";
import { endpoint } from "./endpoint";

const shopParams = z.object({ slug: z.string() });

/** The shop's audit log (issue 33 §3): read by its owner only; entries are written by the writes themselves. */
export const auditApi = {
  list: endpoint({
    method: "GET",
    path: "/shops/:slug/activity",
    tags: ["audit"],
    summary:
      "The shop's audit log, newest first: who (and in which role) changed what, when, the changed fields' before and " +
      "after, and the source address; filters by person, kind of change and date range (owner only)",
    params: shopParams,
    query: auditListQuery,
    response: listOf(auditEntryView),
  }),
  actors: endpoint({
    method: "GET",
    path: "/shops/:slug/activity/actors",
    tags: ["audit"],
    summary: "Everyone who appears in the shop's audit log, for its person filter (owner only)",
    params: shopParams,
    response: auditActorsView,
  }),
};
