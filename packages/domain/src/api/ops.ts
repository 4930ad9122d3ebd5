import { z } from "zod";
import { listOf } from "../schemas/common";
import { eventDeliveriesQuery, eventDeliveryView, replayDeliveriesBody, replayedDeliveriesView } from "../schemas/ops";
import { endpoint } from "./endpoint";

const deliveryParams = z.object({ delivery_id: z.string().uuid() });

/**
 * The operator's side of domain events (issue 28): deliveries that failed every attempt stay 'dead' until a platform
 * admin lists and replays them (docs/OPERATIONS.md "Events and dead letters"; the same from `npm run events`).
 */
export const opsApi = {
  eventDeliveries: endpoint({
    method: "GET",
    path: "/ops/events",
    tags: ["ops"],
    summary: "Event deliveries with their event, by state (dead unless asked), event type and subscriber; platform admins",
    query: eventDeliveriesQuery,
    response: listOf(eventDeliveryView),
  }),
  eventDelivery: endpoint({
    method: "GET",
    path: "/ops/events/:delivery_id",
    tags: ["ops"],
    summary: "One event delivery with its event, attempts and last error; platform admins",
    params: deliveryParams,
    response: eventDeliveryView,
  }),
  replay: endpoint({
    method: "POST",
    path: "/ops/events/:delivery_id/replay",
    tags: ["ops"],
    summary: "Delivers a dead or pending delivery again now, from attempt 0, and answers its new state; a done one is 409; platform admins",
    params: deliveryParams,
    response: eventDeliveryView,
  }),
  replayAll: endpoint({
    method: "POST",
    path: "/ops/events/replay",
    tags: ["ops"],
    summary: "Delivers again the dead deliveries matching the filters, up to 500 per call; platform admins",
    body: replayDeliveriesBody,
    response: replayedDeliveriesView,
  }),
};
