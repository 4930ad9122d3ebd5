import { Avatar, Box, Burger, Button, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconBuildingStore,
  IconCoins,
  IconRocket,
  IconHeadset,
  IconLogout,
  IconMapPin,
  IconSettings,
  IconShieldCog,
  IconShoppingBag,
} from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { Link, useLocation } from "react-router";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useShop } from "../../lib/useShop";
import { AdvisorModal } from "../support/AdvisorModal";
import { useAdvisorHeartbeat } from "../support/useAdvisorHeartbeat";
import { CollaborationsMenu } from "../collaborators/CollaborationsMenu";
import { SignupModal } from "./SignupModal";

/**
 * Top-bar account area (storefront-and-admin §2): login and sign-up for visitors (a hamburger menu on
 * phones); the avatar menu for signed-in users: my shop, my purchases, preferences, sign out.
 */
export function UserMenu() {
  const t = useT();
  const user = useUser();
  const location = useLocation();
  const [opened, menu] = useDisclosure(false);
  const [signingUp, signup] = useDisclosure(false);
  const [advising, advisor] = useDisclosure(false);
  useAdvisorHeartbeat(user?.advisor === true);
  // Inside a storefront sign-up opens the registration modal; elsewhere it is the /register page.
  const shop = useShop();
  const inShop = shop !== null;
  const here = `${location.pathname}${location.search}`;
  if (!user) {
    const loginHref = `/login?next=${encodeURIComponent(here)}`;
    return (
      <>
        <Group gap="xs" visibleFrom="sm" wrap="nowrap">
          <Button component={Link} to={loginHref} variant="subtle">
            {t("login")}
          </Button>
          {inShop ? (
            <Button onClick={signup.open}>{t("signup")}</Button>
          ) : (
            <Button component={Link} to="/register">
              {t("signup")}
            </Button>
          )}
        </Group>
        <Box hiddenFrom="sm">
          <Menu opened={opened} onChange={menu.toggle} position="bottom-end" withinPortal>
            <Menu.Target>
              <Burger opened={opened} size="sm" aria-label={t("open_menu")} />
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={loginHref}>
                {t("login")}
              </Menu.Item>
              {inShop ? (
                <Menu.Item onClick={signup.open}>{t("signup")}</Menu.Item>
              ) : (
                <Menu.Item component={Link} to="/register">
                  {t("signup")}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Box>
        {inShop && <SignupModal opened={signingUp} onClose={signup.close} />}
      </>
    );
  }
  const initials = user.full_name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join("");
  return (
    <>
      <Menu position="bottom-end" withinPortal width={220}>
        <Menu.Target>
          <UnstyledButton aria-label={t("menu_account")}>
            <Avatar src={user.image} alt={user.full_name} radius="xl" color="teal">
              {user.id === "" ? null : initials || "?"}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" lineClamp={1}>
              {user.full_name || user.username}
            </Text>
            <Text size="xs" lineClamp={1}>
              {user.username}
            </Text>
          </Menu.Label>
          {user.shop_slug ? (
            <Menu.Item component={Link} to={`/tienda/${user.shop_slug}`} leftSection={<IconBuildingStore size={16} />}>
              {t("menu_my_shop")}
            </Menu.Item>
          ) : (
            <Menu.Item component={Link} to="/preferencias#tienda" leftSection={<IconBuildingStore size={16} />}>
              {t("menu_create_shop")}
            </Menu.Item>
          )}
          {user.shop_slug && (
            <Menu.Item component={Link} to="/apps/me/ganancias" leftSection={<IconCoins size={16} />}>
              {t("earnings_link")}
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/apps/me/suscripcion" leftSection={<IconRocket size={16} />}>
            {t("subscription_menu_link")}
          </Menu.Item>
          {user.shop_slug && (
            <Menu.Item onClick={advisor.open} leftSection={<IconHeadset size={16} />}>
              {t("my_advisor")}
            </Menu.Item>
          )}
          {user.platform_admin && (
            <Menu.Item component={Link} to="/plataforma/tiendas" leftSection={<IconShieldCog size={16} />}>
              {t("platform_admin")}
            </Menu.Item>
          )}
          <CollaborationsMenu />
          <Menu.Item component={Link} to={shopHref(shop?.basePath ?? "", "/mis-compras")} leftSection={<IconShoppingBag size={16} />}>
            {t("menu_my_purchases")}
          </Menu.Item>
          <Menu.Item component={Link} to="/mis-direcciones" leftSection={<IconMapPin size={16} />}>
            {t("my_addresses")}
          </Menu.Item>
          <Menu.Item component={Link} to="/preferencias" leftSection={<IconSettings size={16} />}>
            {t("menu_preferences")}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item component="a" href={`/logout?next=${encodeURIComponent(here)}`} leftSection={<IconLogout size={16} />}>
            {t("logout")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {user.shop_slug && <AdvisorModal shopSlug={user.shop_slug} opened={advising} onClose={advisor.close} />}
    </>
  );
}
