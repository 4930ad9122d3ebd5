import { z } from "zod";
import { alertView, alertsPage, alertsPendingView, alertsQuery } from "../schemas/alert";
import { endpoint } from "./endpoint";

/**
 * The signed-in user's alerts (commerce-and-accounts §7 'Alerts: fetch (me, offset) and visit-mark patch'). The live
 * badge is the Server-Sent Events stream GET /me/alerts/stream (not a JSON endpoint, so not declared here).
 */
export const alertsApi = {
  list: endpoint({
    method: "GET",
    path: "/me/alerts",
    tags: ["alerts"],
    summary: "My alerts, newest first, 10 per page, with the estimated total and the pending count",
    query: alertsQuery,
    response: alertsPage,
  }),
  pending: endpoint({
    method: "GET",
    path: "/me/alerts/pending",
    tags: ["alerts"],
    summary: "How many of my alerts have not been opened (the bell's badge)",
    response: alertsPendingView,
  }),
  visit: endpoint({
    method: "PATCH",
    path: "/me/alerts/:id",
    tags: ["alerts"],
    summary: "Mark one of my alerts visited (opened); answers it with the new pending count",
    params: z.object({ id: z.string().uuid() }),
    body: z.object({ visited: z.literal(true) }),
    response: alertView.extend({ pending: z.number().int() }),
  }),
  seen: endpoint({
    method: "POST",
    path: "/me/alerts/seen",
    tags: ["alerts"],
    summary: "Opening the bell: my pending alerts leave the badge's count (they stay unvisited until opened)",
    response: alertsPendingView,
  }),
};
