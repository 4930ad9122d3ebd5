import type { Locale } from "@tianguis/domain/locale";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import type { ShopChromeData } from "./shop-chrome.server";

function absolute(origin: string, url: string | null): string | null {
  if (!url) return null;
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
}

/**
 * The storefront SEO block, rendered on the server: title, description, canonical URL (the shop's
 * canonical_url when set) and Open Graph / Twitter cards with the page's image (else the shop's photo).
 */
export function shopMeta(
  shop: ShopView,
  chrome: ShopChromeData,
  page: { title?: string; description?: string; image?: string | null; url?: string; type?: string } = {},
) {
  const title = page.title ? `${page.title} · ${shop.name}` : shop.name;
  const description = page.description || shop.seo_description || shop.name;
  const pageUrl = page.url ?? chrome.pageUrl;
  const canonical = shop.canonical_url ? `${shop.canonical_url.replace(/\/$/, "")}${new URL(pageUrl).pathname}` : pageUrl;
  const image = absolute(chrome.origin, page.image ?? shop.photo ?? shop.header);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: shop.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(image
      ? [
          { property: "og:image", content: image },
          { name: "twitter:image", content: image },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(shop.favicon ? [{ tagName: "link", rel: "icon", href: shop.favicon }] : []),
  ];
}

/** The shop layout's data from a child route's meta matches (tree "shop-path" or the sub-domain "site"). */
export function layoutData(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): { shop: ShopView; chrome: ShopChromeData } | null {
  for (const match of matches) {
    if (!match || (match.id !== "shop-path" && match.id !== "site")) continue;
    const data = match.data as { shopContext?: { shop: ShopView } | null; chrome?: ShopChromeData | null } | undefined;
    if (data?.shopContext && data.chrome) return { shop: data.shopContext.shop, chrome: data.chrome };
  }
  return null;
}

/** The visitor's locale from the root route's data, for texts in meta functions. */
export function localeOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): Locale {
  const root = matches.find((match) => match?.id === "root")?.data as { locale?: Locale } | undefined;
  return root?.locale ?? "es";
}
