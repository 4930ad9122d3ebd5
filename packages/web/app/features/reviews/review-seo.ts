import type { ProductView } from "@tianguis/domain/schemas/product";
import type { RatingSummaryView } from "@tianguis/domain/schemas/review";

/**
 * The product's JSON-LD (schema.org Product) for search engines, with its AggregateRating once it has reviews.
 * Rendered by the route's meta as <script type="application/ld+json">.
 */
export function productJsonLd(product: ProductView, summary: RatingSummaryView | null, url: string, origin: string) {
  const image = product.images[0]?.original;
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description: product.description.slice(0, 500) || undefined,
      image: image ? (/^https?:/.test(image) ? image : `${origin}${image}`) : undefined,
      url,
      offers: product.hide_price
        ? undefined
        : {
            "@type": "Offer",
            price: (product.list_price / 100).toFixed(2),
            priceCurrency: product.currency,
            availability: product.sold_out ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
          },
      aggregateRating:
        summary && summary.count > 0 && summary.average !== null
          ? { "@type": "AggregateRating", ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 }
          : undefined,
    },
  };
}
