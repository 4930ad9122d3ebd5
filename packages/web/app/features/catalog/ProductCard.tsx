import { Badge, Card, Group, Image, Stack, Text } from "@mantine/core";
import { formatMoney } from "@tianguis/domain/money";
import { isConcluded, isInteractive, priceDisplay } from "@tianguis/domain/rules/price-display";
import { typePaths } from "@tianguis/domain/schemas/product";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";

export function productHref(basePath: string, product: ProductView): string {
  return shopHref(basePath, `/${typePaths[product.type]}/${product.owner_slug}/${product.id}`);
}

export function PriceTag({ product }: { product: ProductView }) {
  const t = useT();
  const locale = useLocale();
  const display = priceDisplay(product);
  const fmt = (amount: number) => formatMoney({ amount, currency: product.currency }, locale);
  if (display.kind === "hidden") return <Text c="dimmed" size="sm">{t("price_on_request")}</Text>;
  if (display.kind === "free") return <Text fw={700} c="teal">{t("free")}</Text>;
  if (display.kind === "price") return <Text fw={700}>{fmt(display.price)}</Text>;
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Badge color="red" variant="filled" size="sm">{t("offer")}</Badge>
        <Text size="sm" c="dimmed" td="line-through">{fmt(display.regular)}</Text>
      </Group>
      <Text size="xs" c="red">{t("save_amount", { amount: fmt(display.save) })}</Text>
      <Text fw={700}>{fmt(display.price)}</Text>
    </Stack>
  );
}

export function ProductCard({ product, basePath, now }: { product: ProductView; basePath: string; now: Date }) {
  const t = useT();
  const interactive = isInteractive(product);
  const concluded = isConcluded(product, now);
  const body = (
    <Card withBorder padding="sm" radius="md" h="100%" style={{ opacity: interactive ? 1 : 0.45 }}>
      <Card.Section pos="relative">
        <Image src={product.photos[0]} alt={product.images[0]?.alt ?? product.name} h={220} fit="cover" fallbackSrc="/favicon.svg" loading="lazy" />
        {product.sold_out && !concluded && (
          <Badge pos="absolute" top={8} left={8} color="dark">{t("sold_out")}</Badge>
        )}
        {concluded && (
          <Badge pos="absolute" top={8} left={8} color="gray">{t("concluded")}</Badge>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Text fw={500} lineClamp={3}>{product.name}</Text>
        <PriceTag product={product} />
      </Stack>
    </Card>
  );
  if (!interactive) return <div aria-disabled="true" style={{ pointerEvents: "none" }}>{body}</div>;
  return (
    <Link to={productHref(basePath, product)} style={{ textDecoration: "none" }} aria-label={product.name}>
      {body}
    </Link>
  );
}
