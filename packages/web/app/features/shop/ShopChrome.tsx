import type { ShopView } from "@tianguis/domain/schemas/shop";
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { gradientCss } from "@tianguis/domain/rules/shop-theme";
import { shopColorVariables } from "../../ui/shop-color";
import { AdminBar } from "../admin/AdminBar";
import { PaymentsBlockedNotice } from "../admin/PaymentsBlockedNotice";
import { CommissionPromo } from "../onboarding/CommissionPromo";
import { DisabledShopNotice } from "../support/DisabledShopNotice";
import { ShopAdminPrompt } from "../subscriptions/ShopAdminPrompt";
import { Breadcrumbs } from "./Breadcrumbs";
import { CatalogueStrip } from "./CatalogueStrip";
import { ContactWidget } from "./ContactWidget";
import { OwnerBar } from "./OwnerBar";
import type { ShopChromeData } from "./shop-chrome.server";
import { ShopFooter } from "./ShopFooter";
import { ShopIntegrations } from "./ShopIntegrations";
import { ShopNav } from "./ShopNav";
import { ShopTopBar } from "./ShopTopBar";

/**
 * The storefront theme screen (spec §2): owner bar, scroll-hiding top bar with search, cart and account,
 * the shop menu, the optional catalogue strip, breadcrumb, content, footer and the contact buttons.
 * The SEO block is rendered by the layout routes' meta (shopMeta).
 */
export function ShopChrome({
  shop,
  basePath,
  chrome,
  children,
}: {
  shop: ShopView;
  basePath: string;
  chrome?: ShopChromeData;
  children: ReactNode;
}) {
  const t = useT();
  const theme = shop.store_theme_info;
  const color = theme.color1;
  return (
    <div
      style={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        // Server-rendered inline, so the theme's gradient and colours are there in the first paint (no flash).
        background: gradientCss(theme.gradient) ?? shop.bgcolor ?? undefined,
        ...shopColorVariables(color, theme.gradient),
      }}
    >
      <a href="#content" className="visually-hidden">
        {t("skip_to_content")}
      </a>
      <OwnerBar shop={shop} />
      <ShopTopBar shop={shop} basePath={basePath} />
      <AdminBar />
      <ShopNav shop={shop} basePath={basePath} color={color} hasFranchises={chrome?.hasFranchises} />
      <DisabledShopNotice shop={shop} />
      <PaymentsBlockedNotice shop={shop} basePath={basePath} />
      <ShopAdminPrompt shop={shop} />
      {chrome?.catalogues && !shop.hidden_search_bar && <CatalogueStrip catalogues={chrome.catalogues} basePath={basePath} />}
      <Breadcrumbs basePath={basePath} />
      <main id="content" style={{ flex: 1 }}>
        {children}
      </main>
      <ShopFooter shop={shop} basePath={basePath} categories={chrome?.categories ?? []} />
      <ContactWidget shop={shop} basePath={basePath} />
      <ShopIntegrations shop={shop} basePath={basePath} />
      <CommissionPromo />
    </div>
  );
}
