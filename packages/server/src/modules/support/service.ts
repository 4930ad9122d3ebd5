import { SUPPORT_CENTER_PATH, formatAdvisorPhone, isAdvisorOnline, supportChannel, whatsappLink } from "@tianguis/domain/rules/support";
import type { AdvisorView, ShopSupportView } from "@tianguis/domain/schemas/support";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { requireShopAdmin } from "../shops/service";
import {
  type AdvisorRow,
  advisorExists,
  selectAdvisor,
  selectAdvisors,
  selectShopSupport,
  updateHeartbeat,
  upsertShopSupport,
} from "./queries";

/**
 * Support for shop owners (commerce-and-accounts §2 'Advisor modal', §4): advisors are platform staff assigned to
 * shops; a shop without one is answered by the platform's first advisor. Franchise and affiliate stores are sent to
 * their own support URL instead. This module owns the advisors and shop_support tables.
 */

function advisorView(row: AdvisorRow, now: Date): AdvisorView {
  return {
    name: row.name,
    country_code: row.countryCode,
    phone: row.phone,
    phone_display: formatAdvisorPhone(row.phone),
    whatsapp_url: whatsappLink(row.countryCode, row.whatsappPhone ?? row.phone),
    email: row.email,
    chat_url: row.chatUrl,
    online: isAdvisorOnline(row.lastHeartbeatAt, now),
    last_heartbeat_at: row.lastHeartbeatAt?.toISOString() ?? null,
  };
}

/** The shop's support settings (no row: no advisor assigned and no support URLs). */
export async function shopSupportSettings(db: DbOrTx, shopId: string) {
  const row = await selectShopSupport(db, shopId);
  return {
    advisorId: row?.advisorId ?? null,
    franchiseSupportUrl: row?.franchiseSupportUrl ?? null,
    affiliateSupportUrl: row?.affiliateSupportUrl ?? null,
  };
}

/** The advisor modal's content for a shop's owner or admin. */
export async function getShopSupport(ctx: AppContext, slug: string, user: SessionUser | null): Promise<ShopSupportView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const settings = await shopSupportSettings(ctx.db, shop.id);
  const channel = supportChannel({
    store_type: shop.storeType,
    franchise_support_url: settings.franchiseSupportUrl,
    affiliate_support_url: settings.affiliateSupportUrl,
  });
  if (channel.kind !== "advisor") return { channel: channel.kind, support_url: channel.url, advisor: null, help_url: SUPPORT_CENTER_PATH };
  const assigned = settings.advisorId ? await selectAdvisor(ctx.db, settings.advisorId) : null;
  const advisor = assigned ?? (await selectAdvisors(ctx.db))[0] ?? null;
  return {
    channel: "advisor",
    support_url: null,
    advisor: advisor ? advisorView(advisor, ctx.clock.now()) : null,
    help_url: SUPPORT_CENTER_PATH,
  };
}

/** An advisor's open session reports itself; anyone else is refused (403). */
export async function recordHeartbeat(ctx: AppContext, user: SessionUser) {
  const at = await updateHeartbeat(ctx.db, user.id, ctx.clock.now());
  if (!at) throw new AppError("forbidden");
  return { online: true as const, last_heartbeat_at: at.toISOString() };
}

export async function listAdvisors(ctx: AppContext) {
  const now = ctx.clock.now();
  return (await selectAdvisors(ctx.db)).map((row) => ({
    id: row.userId,
    name: row.name,
    online: isAdvisorOnline(row.lastHeartbeatAt, now),
  }));
}

/** Sets who supports a shop (the caller checked it is a platform admin). */
export async function setShopSupport(
  ctx: AppContext,
  shopId: string,
  input: { advisor_id: string | null; franchise_support_url: string | null; affiliate_support_url: string | null },
) {
  if (input.advisor_id && !(await advisorExists(ctx.db, input.advisor_id))) {
    throw new AppError("advisor_not_found", { fields: { advisor_id: "advisor_not_found" } });
  }
  await upsertShopSupport(
    ctx.db,
    shopId,
    { advisorId: input.advisor_id, franchiseSupportUrl: input.franchise_support_url, affiliateSupportUrl: input.affiliate_support_url },
    ctx.clock.now(),
  );
}
