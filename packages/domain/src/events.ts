/**
 * What happens in a purchase's life, as facts the modules that react can subscribe to (docs/ARCHITECTURE.md "Events").
 * The set is closed: an event is one of these types, its payload checked by its schema when it is recorded and again
 * when it is delivered. A payload's shape only grows by a new version (`purchase.paid` v2 beside v1), so an event
 * recorded before a deploy is still read after it.
 */
import { z } from "zod";
import { supplierOrderStates } from "./rules/order-progress";

const id = z.string().uuid();
const amount = z.number().int().nonnegative();
const currency = z.string().length(3);

/** Every event type with the schema of each of its versions. */
export const eventSchemas = {
  /** A shopper confirmed a purchase: its orders exist, their stock is reserved, payment is awaited. */
  "purchase.created": { 1: z.object({ checkout_id: id, shop_id: id }) },
  /** An offline payment (cash at a store, SPEI, crypto) was started: the money is awaited until `deadline`. */
  "purchase.payment_pending": { 1: z.object({ checkout_id: id, method: z.string(), deadline: z.string() }) },
  /** The purchase was paid, once: each of `order_ids` went from 'pending_payment' to 'paid' with it. */
  "purchase.paid": { 1: z.object({ checkout_id: id, order_ids: z.array(id), method: z.string() }) },
  /** An unpaid purchase ran out of time: its orders expired and their stock went back to the shelf. */
  "purchase.expired": { 1: z.object({ checkout_id: id }) },
  /** An order moved on after payment (a seller's next action, or a cancellation with its refund sent). */
  "order.state_changed": {
    1: z.object({
      order_id: id,
      checkout_id: id,
      supplier_id: id,
      from: z.enum(supplierOrderStates),
      to: z.enum(supplierOrderStates),
      actor: z.string(),
    }),
  },
  /**
   * Every physical unit of an order went into a box (packing's `packed` state was reached, by the order's supplier or
   * the franchise store that sold it): `shop_id` is the shop that packed, `bins` how many boxes now hold the order.
   */
  "order.packed": {
    1: z.object({
      order_id: id,
      supplier_id: id,
      shop_id: id,
      state: z.enum(supplierOrderStates),
      bins: z.number().int().positive(),
      user_id: id,
      actor: z.string(),
    }),
  },
  /** A customer entered (or changed) the data to invoice an order (RFC, regime, CFDI use): they ask for an invoice. */
  "order.invoicing_requested": { 1: z.object({ order_id: id, checkout_id: id, supplier_id: id }) },
  /** A refund was reserved: the provider is asked for it once the reservation commits. */
  "refund.requested": { 1: z.object({ refund_id: id, order_id: id, amount, currency, return_id: id.nullable() }) },
  /** The provider gave the money back. `refunded_goods`: what the order's successful refunds now return of its goods. */
  "refund.settled": {
    1: z.object({ refund_id: id, order_id: id, amount, currency, return_id: id.nullable(), refunded_goods: amount }),
  },
  /** The provider refused a refund, or settled it as failed. */
  "refund.failed": { 1: z.object({ refund_id: id, order_id: id, amount, currency, return_id: id.nullable() }) },
  /** A customer asked to return items of a delivered order. */
  "return.opened": { 1: z.object({ return_id: id, order_id: id }) },
  /** The seller accepted a return: the customer sends the parcel with the label. */
  "return.accepted": { 1: z.object({ return_id: id, order_id: id }) },
  /** The seller rejected a return, saying why. */
  "return.rejected": { 1: z.object({ return_id: id, order_id: id }) },
  /** The seller received a return's parcel and closed it (with or without a refund). */
  "return.received": { 1: z.object({ return_id: id, order_id: id, refund_id: id.nullable() }) },
  /** Tickets were issued for a paid purchase's experiences. */
  "ticket.issued": { 1: z.object({ checkout_id: id, ticket_ids: z.array(id) }) },
  /** A ticket was checked in at the door. */
  "ticket.checked_in": { 1: z.object({ ticket_id: id, shop_id: id }) },
  /** A customer posted a review of a product. */
  "review.posted": { 1: z.object({ review_id: id, product_id: id }) },
  /** A paid purchase's lines earned commissions for their beneficiaries (pending until the return window passes). */
  "commission.recorded": { 1: z.object({ checkout_id: id, commission_ids: z.array(id) }) },
  /**
   * Commissions passed their return window and can be paid to their beneficiaries. v2: a membership's commission has no
   * order (`order_id` null); it is available as soon as the period is paid.
   */
  "commission.available": {
    1: z.object({ order_id: id, commission_ids: z.array(id) }),
    2: z.object({ order_id: id.nullable(), commission_ids: z.array(id) }),
  },
  /** A membership period was paid: a subscription's recurring charge or a package's purchase. */
  "membership.charged": {
    1: z.object({
      user_id: id,
      charge_id: id,
      source: z.enum(["subscription", "package"]),
      plan_id: z.string(),
      amount,
      currency,
    }),
  },
  /**
   * A paid membership period was refunded (a package purchase given back): the commission it paid its promoter is
   * reversed, and taken back from the wallet it reached. `reason` says why, for the ledger. v2: `period`, the plan and
   * the dates the refunded period covered, whose unused time comes off the membership it extended (subscriptions).
   */
  "membership.refunded": {
    1: z.object({ user_id: id, charge_id: id, source: z.enum(["subscription", "package"]), amount, currency, reason: z.string() }),
    2: z.object({
      user_id: id,
      charge_id: id,
      source: z.enum(["subscription", "package"]),
      amount,
      currency,
      reason: z.string(),
      period: z.object({ plan_id: z.string(), valid_from: z.string().datetime(), valid_until: z.string().datetime() }).nullable(),
    }),
  },
  /** A shop's SMS package purchase was paid, once: its credits are added to the shop's SMS ledger. */
  "sms.package_paid": { 1: z.object({ purchase_id: id, shop_id: id, package_id: z.string(), credits: amount }) },
  /** A commission already handed to a wallet was reversed (a refunded membership period): the wallet gives it back. */
  "commission.reversed": {
    1: z.object({ commission_id: id, beneficiary_id: id, amount, currency, reason: z.string() }),
  },
  /** A visitor wrote to a shop through its contact form (`user_id`: signed in when they wrote). */
  "contact.message_received": {
    1: z.object({
      shop_id: id,
      user_id: id.nullable(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      message: z.string(),
    }),
  },
  /** A new user signed up through a promoter's referral link (`campaign_id`: the promoter's campaign they came by). */
  "referral.user_referred": { 1: z.object({ user_id: id, promoter_id: id, campaign_id: id.nullable() }) },
  /** A platform admin granted or refused a user's request to coordinate (`reason`: why it was refused; null when granted). */
  "coordinator.decided": {
    1: z.object({ user_id: id, decision: z.enum(["granted", "refused"]), reason: z.string().nullable(), decided_by: id }),
  },
} as const;

export type EventType = keyof typeof eventSchemas;
export const eventTypes = Object.keys(eventSchemas) as EventType[];

type Versions<T extends EventType> = (typeof eventSchemas)[T];
/** The newest version of each event: what new code records. */
type LatestKey<V> = 2 extends keyof V ? 2 : 1;
type Latest<T extends EventType> = Versions<T>[LatestKey<Versions<T>> & keyof Versions<T>];
export type EventPayload<T extends EventType> = z.infer<Latest<T>>;

/** An event as a module records it: its type and the newest version's payload. */
export type DomainEvent = { [T in EventType]: { type: T; payload: EventPayload<T> } }[EventType];

/** The version new code records of each type. */
export const latestVersion = (type: EventType): number => Math.max(...Object.keys(eventSchemas[type]).map(Number));

/** Checks a payload against its type and version's schema: the parsed payload, or null when it does not fit. */
export function parseEvent(type: string, version: number, payload: unknown): DomainEvent | null {
  if (!(type in eventSchemas)) return null;
  const schema = (eventSchemas[type as EventType] as Record<number, z.ZodType>)[version];
  const parsed = schema?.safeParse(payload);
  return parsed?.success ? ({ type, payload: parsed.data } as DomainEvent) : null;
}

/** Retries of a failed delivery wait 10 s, 40 s, 2.5 min, 10 min, 40 min, 2.7 h, 10.7 h; the 8th failure is dead. */
export const MAX_DELIVERY_ATTEMPTS = 8;
export function retryDelayMs(attempts: number): number {
  return 10_000 * 4 ** Math.max(0, attempts - 1);
}
