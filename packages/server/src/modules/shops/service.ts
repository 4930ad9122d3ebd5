import { acceptedPaymentMethods } from "@tianguis/domain/rules/checkout";
import { asc, eq } from "drizzle-orm";
import type { ShopRole, ShopView } from "@tianguis/domain/schemas/shop";
import { storeThemeInfo } from "@tianguis/domain/schemas/shop";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { shops } from "../../db/schema/shops";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../accounts/sessions";
import { type ShopRow, selectFeaturedShops, selectMemberRoles, selectShop } from "./queries";

export interface ShopAccess {
  isOwner: boolean;
  roles: ShopRole[];
  /** Owner, or a member with the admin permission. */
  isAdmin: boolean;
}

const noAccess: ShopAccess = { isOwner: false, roles: [], isAdmin: false };

export async function getShopAccess(ctx: AppContext, shop: { id: string; ownerId: string }, user: SessionUser | null): Promise<ShopAccess> {
  if (!user) return noAccess;
  const isOwner = shop.ownerId === user.id;
  const roles = (await selectMemberRoles(ctx.db, shop.id, user.id)) as ShopRole[];
  const allRoles: ShopRole[] = isOwner ? ["admin", ...roles.filter((role) => role !== "admin")] : roles;
  return { isOwner, roles: allRoles, isAdmin: isOwner || roles.includes("admin") };
}

function toShopView(row: { shop: ShopRow; ownerName: string; ownerPhoto: string | null }, access: ShopAccess, user: SessionUser | null): ShopView {
  const { shop } = row;
  return {
    id: shop.id,
    slug: shop.slug,
    name: shop.name,
    owner: shop.ownerId,
    owner_name: row.ownerName || null,
    owner_photo: row.ownerPhoto,
    owner_url: shop.storeType === "affiliate" ? `/tienda/${shop.slug}` : null,
    photo: shop.photo,
    photo_display: shop.photoDisplay as ShopView["photo_display"],
    header: shop.header,
    favicon: shop.favicon,
    bgcolor: shop.bgcolor,
    darkmode: shop.darkmode,
    hidden_darkmode: shop.hiddenDarkmode,
    hidden_store_name: shop.hiddenStoreName,
    hidden_search_bar: shop.hiddenSearchBar,
    hidden_affinity_xheader: shop.hiddenAffinityXheader,
    canonical_url: shop.canonicalUrl,
    canonical_domain: shop.canonicalDomain,
    seo_description: shop.seoDescription,
    store_type: shop.storeType as ShopView["store_type"],
    is_proxy: shop.isProxy,
    fb_pixel: shop.fbPixel,
    live_chat_license: shop.liveChatLicense,
    whatsapp_country_code: shop.whatsappCountryCode,
    whatsapp_phone: shop.whatsappPhone,
    contact_email: shop.contactEmail,
    contact_phone: shop.contactPhone,
    contact_country_code: shop.contactCountryCode,
    users_support_url: shop.usersSupportUrl,
    enabled_payment_types: acceptedPaymentMethods([shop.enabledPaymentTypes]),
    about_entry_id: shop.aboutEntryId,
    footer_bg: shop.footerBg,
    footer_fg: shop.footerFg,
    footer_style: shop.footerStyle === "3cols1col" ? "3cols1col" : "default",
    facebook: shop.facebook,
    instagram: shop.instagram,
    twitter: shop.twitter,
    youtube: shop.youtube,
    twitch: shop.twitch,
    kick: shop.kick,
    discord: shop.discord,
    adornment_type: shop.adornmentType,
    affiliate_landing: shop.affiliateLanding,
    dssupplier_landing: shop.dssupplierLanding,
    hidden_affiliate_banner: shop.hiddenAffiliateBanner,
    hidden_dssupplier_banner: shop.hiddenDssupplierBanner,
    dssupplier_banner: shop.dssupplierBanner,
    disabled: shop.disabled,
    currency: shop.currency,
    root_affinity_store_info: null,
    store_theme_info: storeThemeInfo.parse(shop.storeThemeInfo ?? {}),
    permissions: access.roles,
    user_info: { user_level: user ? user.userLevel : null },
  };
}

export async function getShop(ctx: AppContext, where: { slug?: string; id?: string; domain?: string }, user: SessionUser | null): Promise<ShopView> {
  const row = await selectShop(ctx.db, where);
  if (!row) throw new AppError("shop_not_found");
  const access = await getShopAccess(ctx, row.shop, user);
  return toShopView(row, access, user);
}

/** The shop row with its access for `user`: for use cases in other modules that must check who may write. */
export async function findShopWithAccess(ctx: AppContext, where: { slug?: string; id?: string }, user: SessionUser | null) {
  const row = await selectShop(ctx.db, where);
  if (!row) throw new AppError("shop_not_found");
  return { shop: row.shop, access: await getShopAccess(ctx, row.shop, user) };
}

/** 403 unless `user` is the shop's owner or has its admin permission. */
export async function requireShopAdmin(ctx: AppContext, where: { slug?: string; id?: string }, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  const found = await findShopWithAccess(ctx, where, user);
  if (!found.access.isAdmin) throw new AppError("forbidden");
  return found;
}

export async function listFeaturedShops(ctx: AppContext, limit: number): Promise<ShopView[]> {
  const rows = await selectFeaturedShops(ctx.db, limit);
  return rows.map((row) => toShopView(row, noAccess, null));
}

/** The slug of the user's first own shop ('My shop'), or null; other modules ask here instead of reading shops. */
export async function ownShopSlug(db: DbOrTx, userId: string): Promise<string | null> {
  const [shop] = await db.select({ slug: shops.slug }).from(shops).where(eq(shops.ownerId, userId)).orderBy(asc(shops.createdAt)).limit(1);
  return shop?.slug ?? null;
}
