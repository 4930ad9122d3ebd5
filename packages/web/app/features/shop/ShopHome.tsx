import { Anchor, Box, Container, Group, Stack, Text, Title } from "@mantine/core";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { typePaths } from "@tianguis/domain/rules/product-types";
import { preload } from "react-dom";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { ProductCarousel } from "../catalog/ProductCarousel";
import { ProductGrid } from "../catalog/ProductGrid";
import type { loadShopHome } from "./shop-home.server";
import classes from "./ShopHome.module.css";

const titles = { product: "nav_products", service: "nav_services", experience: "nav_experiences", digital: "nav_digital" } as const;

/** The shop's home: its header picture, then one carousel per section with a link to the full listing. */
export function ShopHome({ shop, basePath, sections, now }: Awaited<ReturnType<typeof loadShopHome>>) {
  const t = useT();
  const user = useUser();
  const viewer = { userLevel: user?.user_level ?? null, showResaleInfo: false };
  // The header picture is the home's largest paint, and a CSS background the browser finds late: ask for it in <head>,
  // as its WebP variant when the shop has one (issue 16).
  const header = shop.header_webp ?? shop.header;
  if (header) preload(header, { as: "image", fetchPriority: "high" });
  return (
    <>
      {header && (
        <div className={classes.header} style={{ backgroundImage: `url(${header})` }}>
          <div className={classes.overlay} />
          <Container size="xl" h="100%" pos="relative" style={{ zIndex: 2 }}>
            <Stack justify="flex-end" h="100%" pb="lg" gap={4}>
              <Title order={1} c="white" fz={{ base: 26, sm: 40 }} lineClamp={2}>
                {shop.name}
              </Title>
              {shop.seo_description && (
                <Text c="white" maw={640} fz={{ base: "sm", sm: "md" }} lineClamp={2}>
                  {shop.seo_description}
                </Text>
              )}
            </Stack>
          </Container>
        </div>
      )}
      <Container size="xl" py="lg">
        {sections.length === 0 && <ProductGrid products={[]} basePath={basePath} now={new Date(now)} />}
        <Stack gap={48}>
          {sections.map((section) => (
            <Box component="section" key={section.type} aria-labelledby={`home-${section.type}`}>
              <Group justify="space-between" align="baseline" mb="md">
                <Title order={2} size="h3" id={`home-${section.type}`}>
                  {t(titles[section.type])}
                </Title>
                {section.total > section.products.length && (
                  <Anchor component={Link} to={shopHref(basePath, `/${typePaths[section.type]}`)} fw={600} size="sm">
                    {t("see_more")} →
                  </Anchor>
                )}
              </Group>
              <ProductCarousel
                products={section.products}
                basePath={basePath}
                now={new Date(now)}
                viewer={viewer}
                label={t(titles[section.type])}
              />
            </Box>
          ))}
        </Stack>
      </Container>
    </>
  );
}
