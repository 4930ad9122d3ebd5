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
import { Group, Stack, Text } from "../../ui/layout-markup";
import { Badge } from "../../ui/shop-markup";
import { CardCorner, CardFrame, CardPhoto, CardPhotoSection } from "./card-markup";
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
      <Text c="dimmed" size="sm">
        {t("price_on_request")}
      </Text>
    );
  if (display.kind === "free")
    return (
      <Text fw={700} c="teal" fz={big}>
        {t("free")}
      </Text>
    );
  const buyBy = buyByPrice(product, viewer.userLevel);
  const label = showsPublicPriceLabel(viewer.userLevel) ? (
    <Text size="xs" c="dimmed">
      {t("public_price")}
    </Text>
  ) : null;
  const tail = buyBy !== null && (
    <Text size="xs" fw={600} c="blue">
      {t("buy_by", { amount: fmt(buyBy) })}
    </Text>
  );
  if (display.kind === "price") {
    return (
      <Stack gap={0}>
        {label}
        <Text fw={700} fz={big}>
          {fmt(display.price)}
        </Text>
        {tail}
      </Stack>
    );
  }
  return (
    <Stack gap={2} data-testid="offer-block">
      <Group gap={6}>
        <Badge color="red" size="sm" radius="sm">
          {t("offer")}
        </Badge>
        <Text size="sm" c="dimmed" td="line-through">
          {fmt(display.regular)}
        </Text>
      </Group>
      <Text size="xs" c="red" fw={600}>
        {t("save_amount", { amount: fmt(display.save) })}
      </Text>
      {label}
      <Text fw={700} fz={big}>
        {fmt(display.price)}
      </Text>
      {tail}
    </Stack>
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
          {concluded ? <Badge color="gray">{t("concluded")}</Badge> : product.sold_out ? <Badge color="dark">{t("sold_out")}</Badge> : null}
        </CardCorner>
      </CardPhotoSection>
      <Stack gap={6} justify="space-between" style={{ flex: 1, marginTop: "var(--mantine-spacing-sm)" }}>
        <Text fw={500} size="sm" lineClamp={3} title={product.name}>
          {product.name}
        </Text>
        <PriceTag product={product} viewer={viewer} />
        {earning !== null && (
          <Badge variant="light" color="grape" size="sm" radius="sm" style={{ textTransform: "none" }}>
            {t("resale_earning", { amount: formatMoney({ amount: earning, currency: product.currency }, locale) })}
          </Badge>
        )}
      </Stack>
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
