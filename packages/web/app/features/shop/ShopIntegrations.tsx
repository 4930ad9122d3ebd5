import { liveChatVisibility } from "@tianguis/domain/rules/shop-integrations";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { hideLiveChat, showLiveChat, trackPixel } from "../../lib/shop-integrations";

/**
 * Loads the shop's LiveChat widget (minimised, hidden during checkout) and counts each page view on its Facebook pixel,
 * once the page is in the browser; renders nothing itself.
 */
export function ShopIntegrations({ shop, basePath }: { shop: ShopView; basePath: string }) {
  const { pathname } = useLocation();
  const pathAfterBase = pathname.slice(basePath.length) || "/";
  const license = shop.live_chat_license;
  const visibility = liveChatVisibility(shop.store_type, pathAfterBase);

  useEffect(() => {
    if (!license) return;
    showLiveChat(license, visibility);
    return hideLiveChat;
  }, [license, visibility]);

  useEffect(() => {
    if (shop.fb_pixel) trackPixel(shop.fb_pixel, "PageView");
  }, [shop.fb_pixel, pathname]);

  return null;
}
