import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { typePaths } from "@tianguis/domain/rules/product-types";
import { preload } from "react-dom";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { AnchorLink, Container, Group, Stack, Text, Title, rem, spacing } from "../../ui/layout-markup";
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
          <Container size="xl" style={{ height: "100%", position: "relative", zIndex: 2 }}>
            <Stack justify="flex-end" gap={4} style={{ height: "100%", paddingBottom: spacing("lg") }}>
              <Title order={1} lineClamp={2} className={classes.title} style={{ color: "var(--mantine-color-white)" }}>
                {shop.name}
              </Title>
              {shop.seo_description && (
                <Text lineClamp={2} className={classes.description} style={{ color: "var(--mantine-color-white)", maxWidth: rem(640) }}>
                  {shop.seo_description}
                </Text>
              )}
            </Stack>
          </Container>
        </div>
      )}
      <Container size="xl" style={{ paddingBlock: spacing("lg") }}>
        {sections.length === 0 && <ProductGrid products={[]} basePath={basePath} now={new Date(now)} />}
        <Stack gap={48}>
          {sections.map((section) => (
            <section key={section.type} aria-labelledby={`home-${section.type}`}>
              <Group justify="space-between" align="baseline" style={{ marginBottom: spacing("md") }}>
                <Title order={2} size="h3" id={`home-${section.type}`}>
                  {t(titles[section.type])}
                </Title>
                {section.total > section.products.length && (
                  <AnchorLink to={shopHref(basePath, `/${typePaths[section.type]}`)} size="sm" style={{ fontWeight: 600 }}>
                    {t("see_more")} →
                  </AnchorLink>
                )}
              </Group>
              <ProductCarousel
                products={section.products}
                basePath={basePath}
                now={new Date(now)}
                viewer={viewer}
                label={t(titles[section.type])}
              />
            </section>
          ))}
        </Stack>
      </Container>
    </>
  );
}
