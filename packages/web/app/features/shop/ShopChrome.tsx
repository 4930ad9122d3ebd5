import { Box } from "@mantine/core";
import { mix, readableColor } from "@tianguis/domain/rules/color-contrast";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { AdminBar } from "../admin/AdminBar";
import { Breadcrumbs } from "./Breadcrumbs";
import { CatalogueStrip } from "./CatalogueStrip";
import { ContactWidget } from "./ContactWidget";
import { OwnerBar } from "./OwnerBar";
import type { ShopChromeData } from "./shop-chrome.server";
import { ShopFooter } from "./ShopFooter";
import { ShopNav } from "./ShopNav";
import { ShopTopBar } from "./ShopTopBar";

/** The lightest surfaces text sits on in each scheme: white, and dark.5 (dark pages are dark.7, cards dark.6). */
const pages = { light: "#ffffff", dark: "#3b3b3b" };

/**
 * The shop's colour as Mantine's primary colour inside the storefront (buttons, links, active states),
 * adjusted per scheme so text in it, and white text on it, keeps a 4.5:1 contrast whatever colour the
 * owner picked (light-dark() follows the colour scheme Mantine sets on the page).
 */
export function shopColorVariables(color: string): React.CSSProperties {
  const fill = readableColor(color, pages.light);
  const text = `light-dark(${readableColor(color, mix(color, pages.light, 0.88))}, ${readableColor(color, pages.dark)})`;
  const variants = {
    filled: fill,
    "filled-hover": `color-mix(in srgb, ${fill} 85%, black)`,
    light: `color-mix(in srgb, ${color} 12%, transparent)`,
    "light-hover": `color-mix(in srgb, ${color} 20%, transparent)`,
    "light-color": text,
  };
  // Subtle and light variants resolve the theme's primary colour (teal) by name, so both prefixes get the values.
  return {
    ...Object.fromEntries(Object.entries(variants).flatMap(([name, value]) => [[`--mantine-primary-color-${name}`, value], [`--mantine-color-teal-${name}`, value]])),
    "--mantine-color-anchor": text,
    "--mantine-color-teal-outline": text,
    "--mantine-color-teal-text": text,
  } as React.CSSProperties;
}

/**
 * The storefront theme screen (spec §2): owner bar, scroll-hiding top bar with search, cart and account,
 * the shop menu, the optional catalogue strip, breadcrumb, content, footer and the contact buttons.
 * The SEO block is rendered by the layout routes' meta (shopMeta).
 */
export function ShopChrome({ shop, basePath, chrome, children }: { shop: ShopView; basePath: string; chrome?: ShopChromeData; children: ReactNode }) {
  const t = useT();
  const color = shop.store_theme_info.color1;
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column", background: shop.bgcolor ?? undefined, ...shopColorVariables(color) }}>
      <a href="#content" className="visually-hidden">
        {t("skip_to_content")}
      </a>
      <OwnerBar shop={shop} />
      <ShopTopBar shop={shop} basePath={basePath} />
      <AdminBar />
      <ShopNav shop={shop} basePath={basePath} color={color} />
      {chrome?.catalogues && !shop.hidden_search_bar && <CatalogueStrip catalogues={chrome.catalogues} basePath={basePath} />}
      <Breadcrumbs basePath={basePath} />
      <Box component="main" id="content" style={{ flex: 1 }}>
        {children}
      </Box>
      <ShopFooter shop={shop} basePath={basePath} categories={chrome?.categories ?? []} />
      <ContactWidget shop={shop} basePath={basePath} />
    </Box>
  );
}
