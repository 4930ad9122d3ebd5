import { BackgroundImage, Box, Container, Overlay, Stack, Text, Title } from "@mantine/core";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useT } from "../../lib/i18n";
import type { loadShopHome } from "./shop-home.server";
import { ProductGrid } from "../catalog/ProductGrid";


export function ShopHome({ shop, basePath, products, now }: Awaited<ReturnType<typeof loadShopHome>>) {
  const t = useT();
  return (
    <>
      {shop.header && (
        <BackgroundImage src={shop.header} h={{ base: 160, sm: 260 }} pos="relative">
          <Overlay gradient="linear-gradient(180deg, rgba(0,0,0,0) 30%, rgba(0,0,0,.55) 100%)" zIndex={1} />
          <Container size="xl" h="100%" pos="relative" style={{ zIndex: 2 }}>
            <Stack justify="flex-end" h="100%" pb="lg" gap={4}>
              <Title order={1} c="white">{shop.name}</Title>
              {shop.seo_description && <Text c="white" maw={640}>{shop.seo_description}</Text>}
            </Stack>
          </Container>
        </BackgroundImage>
      )}
      <Container size="xl" py="lg">
        <Box mb="md">
          <Title order={2} size="h3">{t("shop_products_title")}</Title>
        </Box>
        <ProductGrid products={products} basePath={basePath} now={new Date(now)} />
      </Container>
    </>
  );
}
