import { IconPackage } from "@tabler/icons-react";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useT } from "../../lib/i18n";
import { Skeleton } from "../../ui/Skeleton";
import { type CardViewer, ProductCard } from "./ProductCard";
import classes from "./grid.module.css";

export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <div className={classes.grid} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={classes.skeleton} data-testid="card-skeleton">
          <Skeleton style={{ aspectRatio: "350 / 419" }} radius="md" />
          <Skeleton height={12} width="90%" />
          <Skeleton height={12} width="50%" />
        </div>
      ))}
    </div>
  );
}

export function ProductGrid({
  products,
  basePath,
  now,
  viewer,
  leading,
  cardExtra,
}: {
  products: ProductView[];
  basePath: string;
  now: Date;
  viewer?: CardViewer;
  /** A first card before the products (the admin's 'add product' card). */
  leading?: React.ReactNode;
  /** Controls under each card (the shop admin's 'add to catalogue'). */
  cardExtra?: (product: ProductView) => React.ReactNode;
}) {
  const t = useT();
  if (products.length === 0) {
    return (
      <div className={classes.empty}>
        {leading && <div className={`${classes.grid} ${classes.leading}`}>{leading}</div>}
        <div className={classes.emptyIcon}>
          <IconPackage size={36} />
        </div>
        <h3 className={classes.emptyTitle}>{t("empty_listing")}</h3>
        <p className={classes.emptyText}>{t("empty_listing_text")}</p>
      </div>
    );
  }
  return (
    <div className={classes.grid}>
      {leading}
      {products.map((product) =>
        cardExtra ? (
          <div key={product.id} className={classes.withExtra}>
            <ProductCard product={product} basePath={basePath} now={now} viewer={viewer} />
            {cardExtra(product)}
          </div>
        ) : (
          <ProductCard key={product.id} product={product} basePath={basePath} now={now} viewer={viewer} />
        ),
      )}
    </div>
  );
}
