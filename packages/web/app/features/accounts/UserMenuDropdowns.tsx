import { Menu, Text } from "@mantine/core";
import {
  IconBuildingStore,
  IconCoins,
  IconFileInvoice,
  IconHeadset,
  IconLogout,
  IconMapPin,
  IconMessage2,
  IconRocket,
  IconSettings,
  IconShieldCog,
  IconShoppingBag,
  IconWallet,
} from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { MeView } from "@tianguis/domain/schemas/user";
import { Link } from "react-router";
import { intentToOpen } from "../../lib/lazy-part";
import { useT } from "../../lib/i18n";
import { useShop } from "../../lib/useShop";
import { type DropdownLink, ExistingTarget, useLinkedDropdown } from "../../ui/lazy-dropdown";
import { CollaborationsMenu } from "../collaborators/CollaborationsMenu";
import { AdvisorModal } from "../support/AdvisorModal";
import { SignupModal } from "./SignupModal";

/** UserMenu's phone menu for visitors: log in, sign up (the registration modal inside a shop, else /register). */
export function VisitorDropdown({ link, loginHref, onSignup }: { link: DropdownLink; loginHref: string; onSignup?: () => void }) {
  const t = useT();
  return (
    <Menu position="bottom-end" withinPortal {...useLinkedDropdown(link)}>
      <Menu.Target>
        <ExistingTarget target={link.target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={loginHref}>
          {t("login")}
        </Menu.Item>
        {onSignup ? (
          <Menu.Item onClick={onSignup} {...intentToOpen(SignupModal)}>
            {t("signup")}
          </Menu.Item>
        ) : (
          <Menu.Item component={Link} to="/register">
            {t("signup")}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** UserMenu's avatar menu: my shop, earnings, subscription, advisor, collaborations, purchases, preferences, sign out. */
export function AccountDropdown({
  link,
  user,
  here,
  onAdvisor,
}: {
  link: DropdownLink;
  user: MeView;
  here: string;
  onAdvisor: () => void;
}) {
  const t = useT();
  const shop = useShop();
  return (
    <Menu position="bottom-end" withinPortal width={220} {...useLinkedDropdown(link)}>
      <Menu.Target>
        <ExistingTarget target={link.target} />
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
        {user.shop_slug && (
          <Menu.Item component={Link} to="/me/wallet/MXN" leftSection={<IconWallet size={16} />}>
            {t("wallet_title")}
          </Menu.Item>
        )}
        {user.shop_slug && (
          <Menu.Item component={Link} to="/me/sms/packages" leftSection={<IconMessage2 size={16} />}>
            {t("sms_title")}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/apps/me/suscripcion" leftSection={<IconRocket size={16} />}>
          {t("subscription_menu_link")}
        </Menu.Item>
        {user.shop_slug && (
          <Menu.Item onClick={onAdvisor} leftSection={<IconHeadset size={16} />} {...intentToOpen(AdvisorModal)}>
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
        <Menu.Item component={Link} to="/facturas" leftSection={<IconFileInvoice size={16} />}>
          {t("my_invoices_title")}
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
  );
}
