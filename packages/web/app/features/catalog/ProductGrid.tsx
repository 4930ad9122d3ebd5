import { SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconPackage } from "@tabler/icons-react";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useT } from "../../lib/i18n";
import { type CardViewer, ProductCard } from "./ProductCard";

const gridCols = { base: 2, sm: 3, md: 4, lg: 5 };

export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <SimpleGrid cols={gridCols} spacing={{ base: "sm", md: "md" }} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Stack key={index} gap={8} data-testid="card-skeleton">
          <Skeleton style={{ aspectRatio: "350 / 419" }} radius="md" />
          <Skeleton height={12} width="90%" />
          <Skeleton height={12} width="50%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function ProductGrid({
  products,
  basePath,
  now,
  viewer,
  leading,
}: {
  products: ProductView[];
  basePath: string;
  now: Date;
  viewer?: CardViewer;
  /** A first card before the products (the admin's 'add product' card). */
  leading?: React.ReactNode;
}) {
  const t = useT();
  if (products.length === 0) {
    return (
      <Stack align="center" py={60} gap="xs">
        {leading && (
          <SimpleGrid cols={gridCols} spacing={{ base: "sm", md: "md" }} w="100%" mb="md">
            {leading}
          </SimpleGrid>
        )}
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconPackage size={36} />
        </ThemeIcon>
        <Title order={3}>{t("empty_listing")}</Title>
        <Text c="dimmed">{t("empty_listing_text")}</Text>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={gridCols} spacing={{ base: "sm", md: "md" }}>
      {leading}
      {products.map((product) => (
        <ProductCard key={product.id} product={product} basePath={basePath} now={now} viewer={viewer} />
      ))}
    </SimpleGrid>
  );
}
