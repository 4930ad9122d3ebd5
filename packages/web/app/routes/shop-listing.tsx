import { type ListingSortKey, listingPageSize, listingSorts } from "@tianguis/domain/rules/listing";
import { typeFromPath } from "@tianguis/domain/rules/product-types";
import { catalogApi } from "@tianguis/domain/routes/catalog";
import { useState } from "react";
import { data, useNavigation } from "react-router";
import { ListingPagination } from "../features/catalog/ListingPagination";
import { ListingToolbar, resaleCookie } from "../features/catalog/ListingToolbar";
import { ProductGrid, ProductGridSkeleton } from "../features/catalog/ProductGrid";
import { PickerCard, isResellerStore } from "../features/picker/PickerLauncher";
import { AddItemCard } from "../features/products/AddItemCard";
import { AddToCatalogueButton } from "../features/catalogues/AddToCatalogueButton";
import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { layoutData, localeOf, shopMeta } from "../features/shop/shop-meta";
import { translate } from "@tianguis/domain/messages/index";
import { load } from "../lib/api/load.server";
import { readCookie } from "../lib/cookies";
import { useT } from "../lib/i18n";
import { requireShop } from "../lib/shop.server";
import { useUser } from "../lib/user";
import { useShop } from "../lib/useShop";
import { type StylesHandle, storefrontStyles } from "../lib/page-styles";
import type { Route } from "./+types/shop-listing";
import classes from "../features/catalog/catalog.module.css";

const titles = { product: "nav_products", service: "nav_services", experience: "nav_experiences", digital: "nav_digital" } as const;

export const handle: CrumbHandle & StylesHandle = {
  ...storefrontStyles,
  breadcrumb: (match, { t }) => [{ label: t(titles[(match.data as { type: keyof typeof titles }).type]) }],
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = typeFromPath(url.pathname.split("/").filter(Boolean).at(-1) ?? "");
  if (!type) throw data({ code: "not_found" }, { status: 404 });
  const { shop, basePath } = await requireShop(context, params);
  const pageSize = listingPageSize(type);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const sortParam = url.searchParams.get("sort") as ListingSortKey | null;
  const sort: ListingSortKey = sortParam && listingSorts.includes(sortParam) ? sortParam : "queue_position";
  const q = url.searchParams.get("q")?.trim() || null;
  const category = url.searchParams.get("category")?.trim() || null;
  const query = { type, limit: pageSize, page, sort, q: q ?? undefined, category: category ?? undefined };
  const listing = await load(context, catalogApi.listProducts, { params: { slug: shop.slug }, query });
  const showResaleInfo = readCookie(request.headers.get("cookie"), resaleCookie) !== "false";
  return {
    type,
    listing,
    basePath,
    page,
    pageSize,
    sort,
    q,
    category,
    showResaleInfo,
    now: new Date().toISOString(),
    pageUrl: `${url.origin}${url.pathname}${page > 1 ? `?page=${page}` : ""}`,
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const layout = layoutData(matches);
  if (!layout || !loaderData) return [];
  const title = translate(localeOf(matches), titles[loaderData.type]);
  return shopMeta(layout.shop, layout.chrome, { title, url: loaderData.pageUrl, image: loaderData.listing.results[0]?.photos[0] ?? null });
};

export default function ShopListing({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const user = useUser();
  const found = useShop();
  const navigation = useNavigation();
  const { type, listing, basePath, page, pageSize, sort, q, category, now } = loaderData;
  const [showResaleInfo, setShowResaleInfo] = useState(loaderData.showResaleInfo);
  const userLevel = user?.user_level ?? null;
  // The shop's admin starts the first page with an 'add' card for the listing's type (spec §6).
  // Reseller stores (affiliate, affinity, franchise) fill their listings from suppliers: the card opens the picker.
  const admin = user && found?.shop.permissions.includes("admin") ? found : null;
  const addCard =
    page === 1 &&
    admin &&
    (isResellerStore(admin.shop) ? <PickerCard shop={admin.shop} type={type} /> : <AddItemCard type={type} shopSlug={admin.shop.slug} />);
  const loading =
    navigation.state === "loading" && navigation.location?.pathname === (typeof window === "undefined" ? "" : window.location.pathname);
  return (
    <div className={classes.page}>
      <h1 className={classes.pageTitle}>{t(titles[type])}</h1>
      <ListingToolbar
        total={listing.matches_estimated}
        sort={sort}
        q={q}
        category={category}
        showResaleToggle={userLevel === 1 || userLevel === 2}
        showResaleInfo={showResaleInfo}
        onResaleChange={setShowResaleInfo}
      />
      {loading ? (
        <ProductGridSkeleton count={10} />
      ) : (
        <ProductGrid
          products={listing.results}
          basePath={basePath}
          now={new Date(now)}
          viewer={{ userLevel, showResaleInfo }}
          leading={addCard || undefined}
          cardExtra={admin ? (product) => <AddToCatalogueButton shopSlug={admin.shop.slug} product={product} /> : undefined}
        />
      )}
      <ListingPagination page={page} total={listing.matches_estimated} pageSize={pageSize} />
    </div>
  );
}
