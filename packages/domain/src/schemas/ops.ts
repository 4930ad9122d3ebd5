import { z } from "zod";
import { pageQuery } from "./common";

/** Where a delivery of a domain event to one subscriber stands (packages/server/src/db/schema/events.ts). */
export const eventDeliveryStates = ["pending", "done", "dead"] as const;
export type EventDeliveryState = (typeof eventDeliveryStates)[number];

/** A free-text filter an operator types: an event type (`purchase.paid`) or a subscriber name (`tickets.issue`). */
const nameFilter = z.string().trim().min(1).max(100).optional();

/** One delivery with its event, as the platform admin's dead-letter list and the `events` CLI show it. */
export const eventDeliveryView = z.object({
  id: z.string(),
  event: z.object({
    id: z.string(),
    type: z.string(),
    version: z.number().int(),
    occurred_at: z.string(),
    payload: z.record(z.string(), z.unknown()),
  }),
  subscriber: z.string(),
  state: z.enum(eventDeliveryStates),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  run_at: z.string(),
  done_at: z.string().nullable(),
});
export type EventDeliveryView = z.infer<typeof eventDeliveryView>;

/** The list's filters: dead letters unless asked otherwise. */
export const eventDeliveriesQuery = pageQuery.extend({
  state: z.enum(eventDeliveryStates).default("dead"),
  type: nameFilter,
  subscriber: nameFilter,
});
export type EventDeliveriesQuery = z.output<typeof eventDeliveriesQuery>;

/** Replays every dead delivery that matches, a bounded batch per call. */
export const replayDeliveriesBody = z.object({
  state: z.literal("dead"),
  type: nameFilter,
  subscriber: nameFilter,
});
export type ReplayDeliveriesBody = z.input<typeof replayDeliveriesBody>;

/** What a batch replay did: how many went back to pending, and of them how many are done now or failed again. */
export const replayedDeliveriesView = z.object({
  replayed: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** True when more dead deliveries match than one call replays: call again. */
  more: z.boolean(),
});
export type ReplayedDeliveriesView = z.infer<typeof replayedDeliveriesView>;
