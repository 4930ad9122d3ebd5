import { acceptedPaymentMethods } from "@tianguis/domain/rules/checkout";
import { themeOf } from "@tianguis/domain/rules/shop-theme";
import type { ShopRole, ShopView, StoreThemeInfo } from "@tianguis/domain/schemas/shop";
import { storeThemeInfo } from "@tianguis/domain/schemas/shop";
import type { SessionUser } from "../../http/sessions";
import type { ShopRow } from "./queries";

/** A shop row with its owner's name and photo as the API shows it, with the requesting user's permissions. */
export function toShopView(
  row: { shop: ShopRow; ownerName: string; ownerPhoto: string | null },
  access: { roles: ShopRole[] },
  user: SessionUser | null,
  paymentsBlocked = false,
): ShopView {
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
    photo_webp: shop.photoWebp,
    photo_display: shop.photoDisplay as ShopView["photo_display"],
    header: shop.header,
    header_webp: shop.headerWebp,
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
    store_theme_info: themed(storeThemeInfo.parse(shop.storeThemeInfo ?? {})),
    permissions: access.roles,
    payments_blocked: paymentsBlocked,
    user_info: { user_level: user ? user.userLevel : null },
  };
}

/** The theme info with the named theme its two colours are, if any. */
function themed(info: StoreThemeInfo): StoreThemeInfo {
  return { ...info, theme: themeOf(info.color1, info.color2) };
}
