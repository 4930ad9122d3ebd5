import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { typeFromPath, typePaths } from "@tianguis/domain/rules/product-types";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { catalogApi } from "@tianguis/domain/routes/catalog";
import { Suspense, lazy } from "react";
import { Await, data } from "react-router";
import { useMounted } from "@mantine/hooks";
import { ProductCarousel, ProductCarouselSkeleton } from "../features/catalog/ProductCarousel";
import { ProductDetail } from "../features/catalog/ProductDetail";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { layoutData, shopMeta } from "../features/shop/shop-meta";
import { load } from "../lib/api/load.server";
import { readCookie } from "../lib/cookies";
import { useT } from "../lib/i18n";
import { requireShop } from "../lib/shop.server";
import { useAdminShop } from "../lib/access";
import { useUser } from "../lib/user";
import { resaleCookie } from "../features/catalog/ListingToolbar";
import { ProductReviews } from "../features/reviews/ProductReviews";
import { withEffectiveReturnPolicy } from "../features/returns/return-policy.server";
import { loadProductReviews } from "../features/reviews/product-reviews.server";
import { productJsonLd } from "../features/reviews/review-seo";
import { type StylesHandle, storefrontStyles } from "../lib/page-styles";
import type { Route } from "./+types/shop-product";
import classes from "../features/catalog/catalog.module.css";

// A shop admin's control only: visitors never download it (issue 16).
const InStoreControl = lazy(() => import("../features/catalogues/InStoreControl").then((module) => ({ default: module.InStoreControl })));

const titles = { product: "nav_products", service: "nav_services", experience: "nav_experiences", digital: "nav_digital" } as const;

export const handle: CrumbHandle & StylesHandle = {
  ...storefrontStyles,
  breadcrumb: (match, { t, basePath }) => {
    const { product } = match.data as { product: ProductView };
    return [{ label: t(titles[product.type]), to: shopHref(basePath, `/${typePaths[product.type]}`) }, { label: product.name }];
  },
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const segments = url.pathname.split("/").filter(Boolean);
  const type = typeFromPath(segments.at(-3) ?? "");
  const { shop, basePath } = await requireShop(context, params);
  // Started beside the product's own call: the reviews block (summary + newest page) adds no round trip.
  const reviews = loadProductReviews(context, params.productId);
  const product = await withEffectiveReturnPolicy(
    context,
    await load(context, catalogApi.shopProduct, { params: { slug: shop.slug, id: params.productId } }),
  );
  if (!type || product.type !== type) throw data({ code: "not_found" }, { status: 404 });
  // Streamed after the page: the carousel shows its skeleton until the related items arrive.
  const related = load(context, catalogApi.listProducts, { params: { slug: shop.slug }, query: { type, limit: 13 } }).then((listing) =>
    listing.results.filter((item) => item.id !== product.id).slice(0, 12),
  );
  return {
    product,
    reviews: await reviews,
    related,
    basePath,
    shopSlug: shop.slug,
    showResaleInfo: readCookie(request.headers.get("cookie"), resaleCookie) !== "false",
    now: new Date().toISOString(),
    pageUrl: `${url.origin}${url.pathname}`,
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const layout = layoutData(matches);
  if (!layout || !loaderData) return [];
  const { product } = loaderData;
  return [
    ...shopMeta(layout.shop, layout.chrome, {
      title: product.name,
      description: product.description.slice(0, 160),
      image: product.images[0]?.original ?? null,
      url: loaderData.pageUrl,
      type: "product",
    }),
    productJsonLd(product, loaderData.reviews?.summary ?? null, loaderData.pageUrl, layout.chrome.origin),
  ];
};

export default function ShopProduct({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const user = useUser();
  const admin = useAdminShop();
  // Rendered after hydration: a server-rendered lazy part stays inert until its chunk arrives, and would drop early clicks.
  const mounted = useMounted();
  const { product, reviews, related, basePath, shopSlug, now, showResaleInfo } = loaderData;
  const viewer = { userLevel: user?.user_level ?? null, showResaleInfo };
  return (
    <div className={classes.page}>
      {admin && mounted && (
        <Suspense fallback={null}>
          <InStoreControl key={`in-store-${product.id}`} productId={product.id} />
        </Suspense>
      )}
      <ProductDetail key={product.id} product={product} shopSlug={shopSlug} now={new Date(now)} viewer={viewer} />
      {reviews && <ProductReviews key={`reviews-${product.id}`} productId={product.id} initial={reviews} />}
      <Suspense
        fallback={
          <RelatedSection title={t("related_title")}>
            <ProductCarouselSkeleton />
          </RelatedSection>
        }
      >
        <Await resolve={related} errorElement={null}>
          {(items) =>
            items.length > 0 && (
              <RelatedSection title={t("related_title")}>
                <ProductCarousel products={items} basePath={basePath} now={new Date(now)} viewer={viewer} label={t("related_title")} />
              </RelatedSection>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}

function RelatedSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={classes.related} aria-label={title}>
      <h2 className={classes.relatedTitle}>{title}</h2>
      {children}
    </section>
  );
}
