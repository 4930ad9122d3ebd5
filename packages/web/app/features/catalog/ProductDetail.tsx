import { Alert, Anchor, Badge, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCalendarEvent } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import { resaleNote } from "@tianguis/domain/rules/commission";
import { isConcluded } from "@tianguis/domain/rules/price-display";
import { saleState } from "@tianguis/domain/rules/listing";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useLocale, useT } from "../../lib/i18n";
import { AddToCartButton } from "../cart/AddToCartButton";
import { ProductGallery } from "./ProductGallery";
import { type CardViewer, PriceTag } from "./ProductCard";
import { ReturnPolicy } from "./ReturnPolicy";
import classes from "./catalog.module.css";

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
        <Stack gap="md">
          <Stack gap={4}>
            <Anchor size="sm" c="dimmed" href={`/tienda/${product.owner_slug}`}>
              {t("sold_by", { name: product.owner_name })}
            </Anchor>
            <Title order={1} size="h2">
              {product.name}
            </Title>
          </Stack>
          <PriceTag product={product} viewer={viewer} size="xl" />
          {resale.earning !== null && (
            <Badge variant="light" color="grape" radius="sm" w="fit-content" style={{ textTransform: "none" }}>
              {t("resale_earning", { amount: money(resale.earning) })}
            </Badge>
          )}
          {resale.upsell !== null && (
            <Text size="sm" c="grape" fw={500} data-testid="premium-upsell">
              {t("premium_upsell", { amount: money(resale.upsell) })}
            </Text>
          )}
          {product.type === "experience" && product.experience_date && (
            <Group gap="xs">
              <IconCalendarEvent size={18} />
              <Text size="sm">
                {t("experience_date")}:{" "}
                {new Intl.DateTimeFormat(locale === "en" ? "en-US" : "es-MX", { dateStyle: "full", timeStyle: "short" }).format(
                  new Date(product.experience_date),
                )}
              </Text>
              {concluded && <Badge color="gray">{t("concluded")}</Badge>}
            </Group>
          )}
          {state === "out_of_stock" && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
              {t("out_of_stock")}
            </Alert>
          )}
          {state === "unavailable_for_sale" && (
            <Alert color="gray" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
              {t("unavailable_for_sale")}
            </Alert>
          )}
          {state === "available" && (
            <Group gap="xs">
              <Badge variant="dot" color="teal">
                {product.stock_type === "ondemand" ? t("on_demand") : t("in_stock_count", { count: product.stock ?? 0 })}
              </Badge>
              {product.max_purchase_amount !== null && (
                <Text size="xs" c="dimmed">
                  {t("max_purchase", { max: product.max_purchase_amount })}
                </Text>
              )}
            </Group>
          )}
          {variants.length > 0 && (
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {t("variants_title")}
              </Text>
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
            </Stack>
          )}
          {state === "available" && <AddToCartButton product={product} shopSlug={shopSlug} />}
          <Divider />
          {product.description && (
            <Stack gap={6}>
              <Title order={2} size="h4">
                {t("description_title")}
              </Title>
              <Text style={{ whiteSpace: "pre-line" }}>{product.description}</Text>
            </Stack>
          )}
          <ReturnPolicy info={product.return_info} currency={product.currency} />
        </Stack>
      </div>
    </div>
  );
}
