import { Anchor, Avatar, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Link } from "react-router";
import type { loadMarketplaceHome } from "./marketplace-home.server";
import { useT } from "../../lib/i18n";
import { ProductCard } from "../catalog/ProductCard";

export function MarketplaceHome({ shops, products, now }: Awaited<ReturnType<typeof loadMarketplaceHome>>) {
  const t = useT();
  return (
    <>
      <Container size="xl" py={48}>
        <Stack gap="sm" maw={720}>
          <Title order={1} size={42}>
            {t("marketplace_tagline")}
          </Title>
          <Text size="lg" c="dimmed">
            {t("marketplace_intro")}
          </Text>
        </Stack>
      </Container>
      <Container size="xl" pb="xl">
        <Title order={2} size="h3" mb="md">
          {t("featured_shops")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {shops.map((shop) => (
            <Card key={shop.id} withBorder padding={0} radius="md">
              <Card.Section
                h={110}
                style={{
                  backgroundImage: shop.header ? `url(${shop.header_webp ?? shop.header})` : undefined,
                  backgroundSize: "cover",
                  backgroundColor: shop.store_theme_info.color1,
                }}
              />
              <Stack p="md" gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={shop.photo_webp ?? shop.photo} alt="" radius="xl" size={48} />
                  <div>
                    <Text fw={700}>{shop.name}</Text>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {shop.seo_description}
                    </Text>
                  </div>
                </Group>
                <Button component={Link} to={`/tienda/${shop.slug}`} variant="light">
                  {t("visit_shop")}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      {products.length > 0 && (
        <Container size="xl" pb="xl">
          <Group justify="space-between" mb="md">
            <Title order={2} size="h3">
              {t("featured_products")}
            </Title>
            <Anchor component={Link} to="/products">
              {t("see_more")}
            </Anchor>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing={{ base: "sm", md: "md" }}>
            {products.map((product) => (
              <ProductCard key={product.id} product={product} basePath={`/tienda/${product.owner_slug}`} now={new Date(now)} />
            ))}
          </SimpleGrid>
        </Container>
      )}
    </>
  );
}
