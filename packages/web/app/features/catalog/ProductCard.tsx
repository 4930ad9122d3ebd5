import { formatMoney } from "@tianguis/domain/money";
import {
  buyByPrice,
  isConcluded,
  isInteractive,
  planCommissionRate,
  priceDisplay,
  resaleEarningLabel,
  showsPublicPriceLabel,
} from "@tianguis/domain/rules/price-display";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { typePaths } from "@tianguis/domain/rules/product-types";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { CardBadge, CardCorner, CardFrame, CardGroup, CardPhoto, CardPhotoSection, CardStack, CardText } from "./card-markup";
import classes from "./catalog.module.css";

export function productHref(basePath: string, product: Pick<ProductView, "type" | "owner_slug" | "id">): string {
  return shopHref(basePath, `/${typePaths[product.type]}/${product.owner_slug}/${product.id}`);
}

/** Who looks at a card: their user level (null for visitors) and the resale-info toggle (cookie showResaleInfo). */
export interface CardViewer {
  userLevel: number | null;
  showResaleInfo: boolean;
}

export const anonymousViewer: CardViewer = { userLevel: null, showResaleInfo: false };

export function PriceTag({
  product,
  viewer = anonymousViewer,
  size = "md",
}: {
  product: ProductView;
  viewer?: CardViewer;
  size?: "md" | "xl";
}) {
  const t = useT();
  const locale = useLocale();
  const display = priceDisplay(product);
  const fmt = (amount: number) => formatMoney({ amount, currency: product.currency }, locale);
  const big = size === "xl" ? 28 : undefined;
  if (display.kind === "hidden")
    return (
      <CardText c="dimmed" size="sm">
        {t("price_on_request")}
      </CardText>
    );
  if (display.kind === "free")
    return (
      <CardText fw={700} c="teal" fz={big}>
        {t("free")}
      </CardText>
    );
  const buyBy = buyByPrice(product, viewer.userLevel);
  const label = showsPublicPriceLabel(viewer.userLevel) ? (
    <CardText size="xs" c="dimmed">
      {t("public_price")}
    </CardText>
  ) : null;
  const tail = buyBy !== null && (
    <CardText size="xs" fw={600} c="blue">
      {t("buy_by", { amount: fmt(buyBy) })}
    </CardText>
  );
  if (display.kind === "price") {
    return (
      <CardStack gap={0}>
        {label}
        <CardText fw={700} fz={big}>
          {fmt(display.price)}
        </CardText>
        {tail}
      </CardStack>
    );
  }
  return (
    <CardStack gap={2} testId="offer-block">
      <CardGroup gap={6}>
        <CardBadge color="red" variant="filled" small>
          {t("offer")}
        </CardBadge>
        <CardText size="sm" c="dimmed" td="line-through">
          {fmt(display.regular)}
        </CardText>
      </CardGroup>
      <CardText size="xs" c="red" fw={600}>
        {t("save_amount", { amount: fmt(display.save) })}
      </CardText>
      {label}
      <CardText fw={700} fz={big}>
        {fmt(display.price)}
      </CardText>
      {tail}
    </CardStack>
  );
}

/** A card: first photo, name clamped to 3 lines, price; faded and non-interactive when unpublished or hidden. */
export function ProductCard({
  product,
  basePath,
  now,
  viewer = anonymousViewer,
  href,
}: {
  product: ProductView;
  basePath: string;
  now: Date;
  viewer?: CardViewer;
  href?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const interactive = isInteractive(product);
  const concluded = isConcluded(product, now);
  const earning = resaleEarningLabel(product, {
    showResaleInfo: viewer.showResaleInfo && (viewer.userLevel ?? 0) > 0,
    rate: planCommissionRate,
  });
  const body = (
    <CardFrame className={classes.card} faded={!interactive}>
      <CardPhotoSection>
        <CardPhoto
          src={product.photos[0]}
          alt={product.images[0]?.alt ?? product.name}
          fallbackSrc="/favicon.svg"
          className={classes.photo}
        />
        <CardCorner>
          {concluded ? (
            <CardBadge color="gray" variant="filled">
              {t("concluded")}
            </CardBadge>
          ) : product.sold_out ? (
            <CardBadge color="dark" variant="filled">
              {t("sold_out")}
            </CardBadge>
          ) : null}
        </CardCorner>
      </CardPhotoSection>
      <CardStack gap={6} justify="space-between" style={{ flex: 1, marginTop: "var(--mantine-spacing-sm)" }}>
        <CardText fw={500} size="sm" lineClamp={3} title={product.name}>
          {product.name}
        </CardText>
        <PriceTag product={product} viewer={viewer} />
        {earning !== null && (
          <CardBadge variant="light" color="grape" small style={{ textTransform: "none" }}>
            {t("resale_earning", { amount: formatMoney({ amount: earning, currency: product.currency }, locale) })}
          </CardBadge>
        )}
      </CardStack>
    </CardFrame>
  );
  if (!interactive) {
    return (
      <div aria-disabled="true" className={classes.disabled} data-testid="product-card" title={product.name}>
        {body}
      </div>
    );
  }
  return (
    <Link to={href ?? productHref(basePath, product)} className={classes.link} data-testid="product-card">
      {body}
    </Link>
  );
}
