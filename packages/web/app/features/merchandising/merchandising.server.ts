import { merchandisingApi } from "@tianguis/domain/routes/merchandising";
import type { BannerView, HeaderBannerView, SlideView } from "@tianguis/domain/schemas/merchandising";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { load } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";

export interface Merchandising {
  slides: SlideView[];
  headers: HeaderBannerView[];
  banners: BannerView[];
}

/** What the storefront shows the current visitor: slides, header banners and banners of their audience. */
export async function loadMerchandising(context: WebLoadContext, shop: ShopView): Promise<Merchandising> {
  const params = { slug: shop.slug };
  const [slides, headers, banners] = await Promise.all([
    load(context, merchandisingApi.slides.list, { params, query: { limit: 20 } }),
    load(context, merchandisingApi.headers.list, { params, query: { limit: 10 } }),
    load(context, merchandisingApi.banners.list, { params, query: { limit: 10 } }),
  ]);
  return { slides: slides.results, headers: headers.results, banners: banners.results };
}
