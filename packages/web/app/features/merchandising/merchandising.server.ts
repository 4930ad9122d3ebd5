import type { BannerView, HeaderBannerView, SlideView } from "@tianguis/domain/schemas/merchandising";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { apiGet } from "../../lib/api.server";
import type { WebLoadContext } from "../../load-context";

type List<T> = { results: T[]; matches_estimated: number };

export interface Merchandising {
  slides: SlideView[];
  headers: HeaderBannerView[];
  banners: BannerView[];
}

/** What the storefront shows the current visitor: slides, header banners and banners of their audience. */
export async function loadMerchandising(context: WebLoadContext, shop: ShopView): Promise<Merchandising> {
  const base = `/api/v1/shops/${encodeURIComponent(shop.slug)}`;
  const [slides, headers, banners] = await Promise.all([
    apiGet<List<SlideView>>(context, `${base}/slides?limit=20`),
    apiGet<List<HeaderBannerView>>(context, `${base}/headers?limit=10`),
    apiGet<List<BannerView>>(context, `${base}/banners?limit=10`),
  ]);
  return { slides: slides.results, headers: headers.results, banners: banners.results };
}
