import type { EventDeliveriesQuery, ReplayDeliveriesBody } from "@tianguis/domain/schemas/ops";
import type { AppContext } from "../../context";
import { listDeliveries, replayDeadDeliveries, replayDelivery, requireDelivery } from "../../events/operations";
import type { SessionUser } from "../../http/sessions";
import { requirePlatformAdmin } from "../platform-admin/service";

/**
 * The platform's operations (issue 28): event deliveries that failed every attempt ('dead') wait here for a platform
 * admin to look at them and replay them once the cause is fixed. The work is events/operations.ts's, shared with the
 * `npm run events` CLI; this module only decides who may do it and says who did.
 */

export async function listEventDeliveries(ctx: AppContext, user: SessionUser | null, query: EventDeliveriesQuery) {
  await requirePlatformAdmin(ctx, user);
  return listDeliveries(ctx.db, query, query);
}

export async function getEventDelivery(ctx: AppContext, user: SessionUser | null, deliveryId: string) {
  await requirePlatformAdmin(ctx, user);
  return requireDelivery(ctx.db, deliveryId);
}

export async function replayEventDelivery(ctx: AppContext, user: SessionUser | null, deliveryId: string) {
  const admin = await requirePlatformAdmin(ctx, user);
  const delivery = await replayDelivery(ctx, deliveryId);
  ctx.log.info({ delivery: deliveryId, state: delivery.state, admin: admin.id }, "event delivery replayed");
  return delivery;
}

export async function replayDeadEventDeliveries(ctx: AppContext, user: SessionUser | null, body: ReplayDeliveriesBody) {
  const admin = await requirePlatformAdmin(ctx, user);
  const replayed = await replayDeadDeliveries(ctx, { type: body.type, subscriber: body.subscriber });
  ctx.log.info({ ...replayed, type: body.type, subscriber: body.subscriber, admin: admin.id }, "dead event deliveries replayed");
  return replayed;
}
