import { type AuditValues, pickFields } from "@tianguis/domain/rules/audit";
import { DISABLED_SHOP_HELP_PATH } from "@tianguis/domain/rules/support";
import type { PlatformShopView, ShopDisablementView } from "@tianguis/domain/schemas/support";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { notifyAlert } from "../alerts/service";
import { recordChange } from "../audit/service";
import { findShopWithAccess, requireShopBySlug, setShopDisabled } from "../shops/service";
import { listAdvisors, setShopSupport } from "../support/service";
import {
  type PlatformShopRow,
  closeDisablement,
  insertDisablement,
  platformAdminExists,
  selectOpenDisablement,
  selectPlatformShops,
} from "./queries";

/**
 * The platform's own administration (issue 15, 'Disabled shops'): platform admins disable a shop with a reason and
 * enable it again, and assign who supports it. While `shops.disabled` is set nothing can be bought from the shop
 * (cart and checkout refuse with shop_disabled), resellers are not offered its products, visitors see the warning with
 * the help link and its owner reads the reason. Every write goes through the API, which also empties the anonymous page
 * cache (web-cache.ts), so no visitor keeps seeing the shop's old state.
 */

/** The signed-in platform admin: anonymous is unauthorized (401), anyone else forbidden (403). */
export async function requirePlatformAdmin(ctx: AppContext, user: SessionUser | null): Promise<SessionUser> {
  if (!user) throw new AppError("unauthorized");
  if (!(await platformAdminExists(ctx.db, user.id))) throw new AppError("forbidden");
  return user;
}

function platformShopView(row: PlatformShopRow): PlatformShopView {
  return {
    id: row.shop.id,
    slug: row.shop.slug,
    name: row.shop.name,
    owner_name: row.ownerName,
    owner_username: row.ownerUsername,
    store_type: row.shop.storeType,
    disabled: row.shop.disabled,
    reason: row.shop.disabled ? row.reason : null,
    disabled_at: row.shop.disabled ? (row.disabledAt?.toISOString() ?? null) : null,
    advisor_id: row.advisorId,
    franchise_support_url: row.franchiseSupportUrl,
    affiliate_support_url: row.affiliateSupportUrl,
  };
}

async function platformShop(ctx: AppContext, slug: string): Promise<PlatformShopView> {
  const { rows } = await selectPlatformShops(ctx.db, { slug, state: "all" }, { offset: 0, limit: 1 });
  if (!rows[0]) throw new AppError("shop_not_found");
  return platformShopView(rows[0]);
}

export async function listPlatformShops(
  ctx: AppContext,
  user: SessionUser | null,
  query: { q?: string; state: "all" | "disabled" | "enabled"; offset: number; limit: number },
) {
  await requirePlatformAdmin(ctx, user);
  const { rows, total } = await selectPlatformShops(ctx.db, { q: query.q || undefined, state: query.state }, query);
  return { results: rows.map(platformShopView), matches_estimated: total };
}

export async function listPlatformAdvisors(ctx: AppContext, user: SessionUser | null) {
  await requirePlatformAdmin(ctx, user);
  return { results: await listAdvisors(ctx) };
}

/**
 * Disables a shop: the reason is kept for its owner, the flag set only if it was not (two admins clicking at once
 * disable it once; the second gets shop_already_disabled), and the owner gets an alert. One transaction.
 */
export async function disableShop(ctx: AppContext, user: SessionUser | null, slug: string, reason: string) {
  const admin = await requirePlatformAdmin(ctx, user);
  const shop = await requireShopBySlug(ctx.db, slug);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await setShopDisabled(tx, shop.id, true, now))) throw new AppError("shop_already_disabled", { status: 409 });
    // A disablement left open by an earlier flag change (none in normal use) is closed first, so the new reason holds.
    await closeDisablement(tx, shop.id, admin.id, now);
    await insertDisablement(tx, { shopId: shop.id, reason, disabledBy: admin.id, disabledAt: now });
    await recordPlatformChange(tx, shop, "disable", { disabled: false }, { disabled: true, reason }, now);
    await notifyAlert(
      tx,
      {
        recipientId: shop.ownerId,
        originApp: "system",
        params: { type: "shop", subtype: "store_disabled", shop: shop.slug },
        message: { code: "alert_shop_disabled", vars: { shop: shop.name, reason } },
      },
      now,
    );
  });
  ctx.log.info({ shop: shop.slug, admin: admin.id }, "shop disabled");
  return platformShop(ctx, shop.slug);
}

export async function enableShop(ctx: AppContext, user: SessionUser | null, slug: string) {
  const admin = await requirePlatformAdmin(ctx, user);
  const shop = await requireShopBySlug(ctx.db, slug);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await setShopDisabled(tx, shop.id, false, now))) throw new AppError("shop_not_disabled", { status: 409 });
    await closeDisablement(tx, shop.id, admin.id, now);
    await recordPlatformChange(tx, shop, "enable", { disabled: true }, { disabled: false }, now);
    await notifyAlert(
      tx,
      {
        recipientId: shop.ownerId,
        originApp: "system",
        params: { type: "shop", subtype: "store_enabled", shop: shop.slug },
        message: { code: "alert_shop_enabled", vars: { shop: shop.name } },
      },
      now,
    );
  });
  ctx.log.info({ shop: shop.slug, admin: admin.id }, "shop enabled");
  return platformShop(ctx, shop.slug);
}

export async function updateShopSupport(
  ctx: AppContext,
  user: SessionUser | null,
  slug: string,
  input: { advisor_id: string | null; franchise_support_url: string | null; affiliate_support_url: string | null },
) {
  await requirePlatformAdmin(ctx, user);
  const shop = await requireShopBySlug(ctx.db, slug);
  const before = await platformShop(ctx, shop.slug);
  const fields = ["advisor_id", "franchise_support_url", "affiliate_support_url"] as const;
  await ctx.db.transaction(async (tx) => {
    await setShopSupport({ ...ctx, db: tx }, shop.id, input);
    await recordPlatformChange(tx, shop, "support", pickFields(before, fields), pickFields(input, fields), ctx.clock.now());
  });
  return platformShop(ctx, shop.slug);
}

/** The platform admin's changes to a shop go in that shop's audit log, the actor named as the platform. */
async function recordPlatformChange(
  tx: DbOrTx,
  shop: { id: string; name: string },
  action: string,
  before: AuditValues,
  after: AuditValues,
  now: Date,
) {
  await recordChange(
    tx,
    { shopId: shop.id, kind: "platform", action, entityId: shop.id, entityLabel: shop.name, before, after, as: "platform_admin" },
    now,
  );
}

/** Whether the shop is disabled and why: for its owner and shop admins, and for platform admins. */
export async function getDisablement(ctx: AppContext, slug: string, user: SessionUser | null): Promise<ShopDisablementView> {
  if (!user) throw new AppError("unauthorized");
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  if (!access.isAdmin && !(await platformAdminExists(ctx.db, user.id))) throw new AppError("forbidden");
  const open = shop.disabled ? await selectOpenDisablement(ctx.db, shop.id) : null;
  return {
    disabled: shop.disabled,
    reason: open?.reason ?? null,
    disabled_at: open?.disabledAt.toISOString() ?? null,
    help_url: DISABLED_SHOP_HELP_PATH,
  };
}
