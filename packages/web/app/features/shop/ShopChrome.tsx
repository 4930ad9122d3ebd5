import { Anchor, AppShell, Avatar, Box, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { useT } from "../../lib/i18n";
import { UserMenu } from "../accounts/UserMenu";
import { ColorSchemeToggle } from "../../ui/ColorSchemeToggle";
import { LanguageSwitch } from "../../ui/LanguageSwitch";

const navItems = [
  { section: "products", path: "/productos", label: "nav_products" },
  { section: "services", path: "/servicios", label: "nav_services" },
  { section: "experiences", path: "/experiencias", label: "nav_experiences" },
  { section: "digital", path: "/digitales", label: "nav_digital" },
] as const;

export function ShopChrome({ shop, basePath, children }: { shop: ShopView; basePath: string; children: ReactNode }) {
  const t = useT();
  const sections = shop.store_theme_info.sections_info;
  const color = shop.store_theme_info.color1;
  const allowsDarkMode = shop.darkmode && !shop.hidden_darkmode;
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header style={{ borderBottom: `3px solid ${color}` }}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group renderRoot={(props) => <Link to={shopHref(basePath, "/")} {...props} />} gap="sm" wrap="nowrap" style={{ textDecoration: "none" }}>
              <Avatar src={shop.photo} alt={shop.name} radius="xl" size={40} />
              {!shop.hidden_store_name && (
                <Title order={2} size="h4" lineClamp={1}>
                  {shop.name}
                </Title>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              <LanguageSwitch />
              {allowsDarkMode && <ColorSchemeToggle />}
              <UserMenu />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Box component="nav" aria-label={shop.name} bg="var(--mantine-color-body)" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
          <Container size="xl">
            <Group gap="lg" py="xs" style={{ overflowX: "auto" }} wrap="nowrap">
              <Anchor component={NavLink} to={shopHref(basePath, "/")} end>
                {t("nav_home")}
              </Anchor>
              {navItems
                .filter((item) => (sections as readonly string[]).includes(item.section))
                .map((item) => (
                  <Anchor key={item.path} component={NavLink} to={shopHref(basePath, item.path)} style={{ whiteSpace: "nowrap" }}>
                    {t(item.label)}
                  </Anchor>
                ))}
            </Group>
          </Container>
        </Box>
        {children}
        <Box component="footer" mt="xl" py="xl" style={{ background: shop.footer_bg ?? color, color: shop.footer_fg ?? "#fff" }}>
          <Container size="xl">
            <SimpleGrid cols={{ base: 1, sm: shop.footer_style === "3cols1col" ? 3 : 2 }}>
              <Stack gap={4}>
                <Text fw={700}>{shop.name}</Text>
                {shop.seo_description && <Text size="sm">{shop.seo_description}</Text>}
              </Stack>
              <Stack gap={4}>
                {(["acerca", "contacto", "copyright", "terms", "privacidad"] as const).map((path, index) => (
                  <Anchor key={path} component={Link} to={shopHref(basePath, `/${path}`)} c="inherit" size="sm">
                    {t(["footer_about", "footer_contact", "footer_copyright", "footer_terms", "footer_privacy"][index])}
                  </Anchor>
                ))}
              </Stack>
              <Text size="sm">© {shop.name} · {t("footer_powered")}</Text>
            </SimpleGrid>
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
