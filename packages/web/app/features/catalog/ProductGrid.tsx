import { SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconPackage } from "@tabler/icons-react";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useT } from "../../lib/i18n";
import { ProductCard } from "./ProductCard";

export function ProductGrid({ products, basePath, now }: { products: ProductView[]; basePath: string; now: Date }) {
  const t = useT();
  if (products.length === 0) {
    return (
      <Stack align="center" py={60} gap="xs">
        <ThemeIcon size={64} radius="xl" variant="light"><IconPackage size={36} /></ThemeIcon>
        <Title order={3}>{t("empty_listing")}</Title>
        <Text c="dimmed">{t("empty_listing_text")}</Text>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing={{ base: "sm", md: "md" }}>
      {products.map((product) => (
        <ProductCard key={product.id} product={product} basePath={basePath} now={now} />
      ))}
    </SimpleGrid>
  );
}
