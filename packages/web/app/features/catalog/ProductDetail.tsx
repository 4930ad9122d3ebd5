import { IconAlertTriangle, IconCalendarEvent } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import { resaleNote } from "@tianguis/domain/rules/commission";
import { isConcluded } from "@tianguis/domain/rules/price-display";
import { saleState } from "@tianguis/domain/rules/listing";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useLocale, useT } from "../../lib/i18n";
import { Alert, Badge } from "../../ui/shop-markup";
import { AddToCartButton } from "../cart/AddToCartButton";
import { ProductGallery } from "./ProductGallery";
import { type CardViewer, PriceTag } from "./ProductCard";
import { ReturnPolicy } from "./ReturnPolicy";
import classes from "./catalog.module.css";
import { dateTimeFormat } from "../../lib/intl";

/** A detail page body: gallery, name, price, stock state, variants, add to cart, description and return policy. */
export function ProductDetail({
  product,
  shopSlug,
  now,
  viewer,
}: {
  product: ProductView;
  shopSlug: string;
  now: Date;
  viewer: CardViewer;
}) {
  const t = useT();
  const locale = useLocale();
  const state = saleState(product, now);
  const variants = Object.entries(product.variants);
  const concluded = isConcluded(product, now);
  const resale = resaleNote(product, viewer);
  const money = (amount: number) => formatMoney({ amount, currency: product.currency }, locale);
  return (
    <div className={classes.detail}>
      <div>
        <ProductGallery images={product.images} name={product.name} />
      </div>
      <div>
        <div className={classes.facts}>
          <div className={classes.byline}>
            <a className={`mantine-focus-auto ${classes.seller}`} href={`/tienda/${product.owner_slug}`}>
              {t("sold_by", { name: product.owner_name })}
            </a>
            <h1 className={classes.name}>{product.name}</h1>
          </div>
          <PriceTag product={product} viewer={viewer} size="xl" />
          {resale.earning !== null && (
            <Badge variant="light" color="grape" radius="sm" style={{ textTransform: "none", width: "fit-content" }}>
              {t("resale_earning", { amount: money(resale.earning) })}
            </Badge>
          )}
          {resale.upsell !== null && (
            <p className={classes.upsell} data-testid="premium-upsell">
              {t("premium_upsell", { amount: money(resale.upsell) })}
            </p>
          )}
          {product.type === "experience" && product.experience_date && (
            <div className={classes.inline}>
              <IconCalendarEvent size={18} />
              <p className={classes.small}>
                {t("experience_date")}:{" "}
                {dateTimeFormat(locale === "en" ? "en-US" : "es-MX", { dateStyle: "full", timeStyle: "short" }).format(
                  new Date(product.experience_date),
                )}
              </p>
              {concluded && <Badge color="gray">{t("concluded")}</Badge>}
            </div>
          )}
          {state === "out_of_stock" && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="status">
              {t("out_of_stock")}
            </Alert>
          )}
          {state === "unavailable_for_sale" && (
            <Alert color="gray" icon={<IconAlertTriangle size={18} />} role="status">
              {t("unavailable_for_sale")}
            </Alert>
          )}
          {state === "available" && (
            <div className={classes.inline}>
              <Badge variant="dot" color="teal">
                {product.stock_type === "ondemand" ? t("on_demand") : t("in_stock_count", { count: product.stock ?? 0 })}
              </Badge>
              {product.max_purchase_amount !== null && (
                <p className={classes.note}>{t("max_purchase", { max: product.max_purchase_amount })}</p>
              )}
            </div>
          )}
          {variants.length > 0 && (
            <div className={classes.block}>
              <p className={classes.label}>{t("variants_title")}</p>
              <table className={classes.variants}>
                <tbody>
                  {variants.map(([name, value]) => (
                    <tr key={name}>
                      <th scope="row">{name}</th>
                      <td>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {state === "available" && <AddToCartButton product={product} shopSlug={shopSlug} />}
          <div className={classes.divider} role="separator" />
          {product.description && (
            <div className={classes.block}>
              <h2 className={classes.subtitle}>{t("description_title")}</h2>
              <p className={classes.description}>{product.description}</p>
            </div>
          )}
          <ReturnPolicy info={product.return_info} currency={product.currency} />
        </div>
      </div>
    </div>
  );
}
