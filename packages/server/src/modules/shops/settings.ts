import { pickFields } from "@tianguis/domain/rules/audit";
import { acceptedPaymentMethods } from "@tianguis/domain/rules/checkout";
import { themeColours } from "@tianguis/domain/rules/shop-theme";
import type { ShopView, StoreThemeInfo } from "@tianguis/domain/schemas/shop";
import type { ShopSettingsPatch } from "@tianguis/domain/schemas/shop-settings";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { shops } from "../../db/schema/shops";
import type { SessionUser } from "../../http/sessions";
import { recordChange } from "../audit/service";
import { deleteStoredFile, storeHeaderVariant, storeLogoVariant } from "../gallery/service";
import { getShop, requireShopAdmin } from "./service";

const columnFields = [
  "name",
  "photo",
  "header",
  "bgcolor",
  "darkmode",
  "facebook",
  "instagram",
  "twitter",
  "youtube",
  "twitch",
  "kick",
  "discord",
] as const;

/** Applies the shop editors' changes (admin only); theme values merge into store_theme_info. */
export async function updateShopSettings(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  patch: ShopSettingsPatch,
): Promise<ShopView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const values: Partial<typeof shops.$inferInsert> = {};
  for (const field of columnFields) if (patch[field] !== undefined) (values as Record<string, unknown>)[field] = patch[field];
  // The home paints the header first (issue 16): a new header gets its WebP variant, made once here, not per visit.
  const newHeader = patch.header !== undefined && (patch.header !== shop.header || !shop.headerWebp);
  if (newHeader) values.headerWebp = await storeHeaderVariant(ctx, patch.header ?? null, `shops/${shop.id}`);
  // The top bar shows the logo at 42 px on every page: a new logo gets a small WebP variant the same way.
  const newPhoto = patch.photo !== undefined && (patch.photo !== shop.photo || !shop.photoWebp);
  if (newPhoto) values.photoWebp = await storeLogoVariant(ctx, patch.photo ?? null, `shops/${shop.id}`);
  if (patch.photo_display !== undefined) values.photoDisplay = patch.photo_display;
  if (patch.footer_bg !== undefined) values.footerBg = patch.footer_bg;
  if (patch.footer_fg !== undefined) values.footerFg = patch.footer_fg;
  if (patch.hidden_darkmode !== undefined) values.hiddenDarkmode = patch.hidden_darkmode;
  if (patch.hidden_store_name !== undefined) values.hiddenStoreName = patch.hidden_store_name;
  if (patch.hidden_search_bar !== undefined) values.hiddenSearchBar = patch.hidden_search_bar;
  if (patch.dssupplier_banner !== undefined) values.dssupplierBanner = patch.dssupplier_banner;
  if (patch.hidden_dssupplier_banner !== undefined) values.hiddenDssupplierBanner = patch.hidden_dssupplier_banner;
  if (patch.hidden_affiliate_banner !== undefined) values.hiddenAffiliateBanner = patch.hidden_affiliate_banner;
  if (patch.seo_description !== undefined) values.seoDescription = patch.seo_description;
  if (patch.contact_email !== undefined) values.contactEmail = patch.contact_email;
  if (patch.contact_phone !== undefined) values.contactPhone = patch.contact_phone;
  if (patch.contact_country_code !== undefined) values.contactCountryCode = patch.contact_country_code;
  if (patch.whatsapp_country_code !== undefined) values.whatsappCountryCode = patch.whatsapp_country_code;
  if (patch.whatsapp_phone !== undefined) values.whatsappPhone = patch.whatsapp_phone;
  if (patch.live_chat_license !== undefined) values.liveChatLicense = patch.live_chat_license;
  if (patch.fb_pixel !== undefined) values.fbPixel = patch.fb_pixel;
  if (patch.enabled_payment_types !== undefined) values.enabledPaymentTypes = acceptedPaymentMethods([patch.enabled_payment_types]);
  const theme: Partial<StoreThemeInfo> = themeColours(patch);
  if (patch.gradient !== undefined) theme.gradient = patch.gradient;
  if (patch.columns !== undefined) theme.columns = patch.columns;
  if (patch.sections_info !== undefined) theme.sections_info = [...new Set(patch.sections_info)];
  if (Object.keys(theme).length > 0) values.storeThemeInfo = { ...(shop.storeThemeInfo ?? {}), ...theme };
  if (Object.keys(values).length > 0) {
    // The audit log keeps what the editor chose; the image variants made from it are the server's own.
    const audited = (Object.keys(values) as (keyof typeof values)[]).filter((field) => field !== "headerWebp" && field !== "photoWebp");
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(shops)
        .set({ ...values, updatedAt: now })
        .where(eq(shops.id, shop.id));
      await recordChange(
        tx,
        {
          shopId: shop.id,
          kind: "settings",
          action: "update",
          entityId: shop.id,
          entityLabel: shop.name,
          before: pickFields(shop, audited),
          after: pickFields(values, audited),
        },
        now,
      );
    });
  }
  if (newHeader && shop.headerWebp !== patch.header) await deleteStoredFile(ctx, shop.headerWebp);
  if (newPhoto && shop.photoWebp !== patch.photo) await deleteStoredFile(ctx, shop.photoWebp);
  return getShop(ctx, { id: shop.id }, user);
}
