import {
  ActionIcon,
  Box,
  CopyButton,
  Divider,
  Group,
  Indicator,
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import {
  IconArrowBackUp,
  IconBooks,
  IconBuildingStore,
  IconCheck,
  IconCashRegister,
  IconStar,
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconEyeOff,
  IconFileText,
  IconHome,
  IconPackage,
  IconPhoto,
  IconQrcode,
  IconTruckDelivery,
  IconReceipt,
  IconSettings,
  IconShare,
  IconTools,
} from "@tabler/icons-react";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { mayListFranchises } from "@tianguis/domain/rules/franchises";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { ShopRole, ShopView } from "@tianguis/domain/schemas/shop";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useShop } from "../../lib/useShop";
import classes from "./AdminBar.module.css";
import { barRoles } from "../../lib/access";
import { useOrdersWaiting } from "../orders/useOrdersWaiting";
import { IconNews } from "@tabler/icons-react";

interface MenuEntry {
  path: string;
  label: MessageCode;
  icon: typeof IconHome;
  roles: readonly ShopRole[];
  /** A marketplace page about this shop (?shop={slug}) rather than a page under the shop's path. */
  site?: true;
  /** Only for shops this holds for (e.g. franchise shops). */
  when?: (shop: ShopView) => boolean;
}

/** Who works the shop's orders (the order desk, spec §6): the 'Pedidos' entry and its badge. */
const orderDeskRoles: readonly ShopRole[] = ["admin", "dispatcher", "accountant"];
const ordersPath = "/admin/ordenes";

const menu: MenuEntry[] = [
  { path: "/", label: "nav_home", icon: IconHome, roles: barRoles },
  { path: "/apps/me/products", label: "my_products", icon: IconPackage, roles: ["admin"], site: true },
  { path: "/catalogos", label: "my_catalogues", icon: IconBooks, roles: ["admin"] },
  { path: "/admin/blogs", label: "blog_admin_title", icon: IconNews, roles: ["admin"] },
  { path: "/admin/banners", label: "admin_banners", icon: IconPhoto, roles: ["admin"] },
  { path: "/admin/reventa", label: "dropshipping_title", icon: IconTruckDelivery, roles: ["admin"] },
  { path: ordersPath, label: "my_orders", icon: IconReceipt, roles: orderDeskRoles },
  { path: "/admin/entradas", label: "checkin_title", icon: IconQrcode, roles: ["admin", "qrreader"] },
  { path: "/admin/comisiones", label: "owed_title", icon: IconCashRegister, roles: ["admin", "accountant"] },
  { path: "/admin/opiniones", label: "shop_reviews_title", icon: IconStar, roles: ["admin"] },
  { path: "/admin/devoluciones", label: "returns_title", icon: IconArrowBackUp, roles: orderDeskRoles },
  { path: "/admin/paginas", label: "shop_pages_title", icon: IconFileText, roles: ["admin"] },
  { path: "/admin/franquicias", label: "franchises_admin_title", icon: IconBuildingStore, roles: ["admin"], when: mayListFranchises },
  { path: "/admin/configuracion", label: "admin_settings", icon: IconSettings, roles: ["admin"] },
];

/** The shop's public address, for the share panel (absolute once in the browser). */
function useShopUrl(basePath: string) {
  const [url, setUrl] = useState(shopHref(basePath, "/"));
  useEffect(() => setUrl(`${window.location.origin}${shopHref(basePath, "/")}`), [basePath]);
  return url;
}

/**
 * Left floating admin bar (spec §2): shop name, share-shop panel with copy, menu icons; collapsible on
 * desktop, hideable on phones. Shown to the roles admin, accountant, dispatcher and qrreader only.
 */
export function AdminBar() {
  const t = useT();
  const found = useShop();
  const user = useUser();
  const [collapsed, setCollapsed] = useLocalStorage({ key: "tianguis-admin-bar-collapsed", defaultValue: true });
  // Phones: the bar would cover the page, so it stays closed behind one button until asked for.
  const [phoneOpen, setPhoneOpen] = useState(false);
  const { pathname } = useLocation();
  // Following one of its links closes it again.
  useEffect(() => setPhoneOpen(false), [pathname]);
  const shopUrl = useShopUrl(found?.basePath ?? "");
  const seesOrders = !!user && !!found?.shop.permissions.some((role) => orderDeskRoles.includes(role));
  const ordersWaiting = useOrdersWaiting(seesOrders && found ? found.shop.slug : null);
  if (!found || !user) return null;
  const { shop, basePath } = found;
  const roles = shop.permissions.filter((role) => barRoles.includes(role));
  if (roles.length === 0) return null;
  const entries = menu.filter((entry) => entry.roles.some((role) => roles.includes(role)) && (entry.when?.(shop) ?? true));

  const item = (label: string, icon: React.ReactNode, props: Record<string, unknown>, fullLabel = label) => (
    <Tooltip label={fullLabel} position="right" disabled={!collapsed} key={label}>
      <UnstyledButton {...props} aria-label={fullLabel} className={classes.item}>
        {icon}
        <Text size="sm" fw={500} lineClamp={1} className={classes.label}>
          {label}
        </Text>
      </UnstyledButton>
    </Tooltip>
  );

  const phoneToggle = (
    <ActionIcon
      size="xl"
      radius="xl"
      variant="filled"
      onClick={() => setPhoneOpen(true)}
      aria-label={
        ordersWaiting > 0 ? `${t("admin_bar_show")} (${t("orders_waiting_badge", { count: ordersWaiting })})` : t("admin_bar_show")
      }
      aria-expanded={false}
    >
      <IconTools size={22} />
    </ActionIcon>
  );

  return (
    <>
      {!phoneOpen && (
        <Box className={classes.phoneToggle}>
          {ordersWaiting > 0 ? (
            <Indicator label={ordersWaiting} size={18} color="red" offset={4}>
              {phoneToggle}
            </Indicator>
          ) : (
            phoneToggle
          )}
        </Box>
      )}
      <Box
        component="nav"
        aria-label={t("admin_bar")}
        className={classes.bar}
        data-collapsed={collapsed || undefined}
        data-phone-open={phoneOpen || undefined}
      >
        <Stack gap={2}>
          <Group justify="space-between" wrap="nowrap" px={4} gap={4}>
            <Text fw={700} size="sm" lineClamp={1} title={shop.name} className={classes.label}>
              {shop.name}
            </Text>
            <ActionIcon
              variant="subtle"
              size="md"
              mx="auto"
              onClick={() => setPhoneOpen(false)}
              aria-label={t("admin_bar_hide")}
              className={classes.phoneOnly}
            >
              <IconEyeOff size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="md"
              mx={collapsed ? "auto" : undefined}
              onClick={() => setCollapsed(!collapsed)}
              aria-label={collapsed ? t("admin_bar_expand") : t("admin_bar_collapse")}
              className={classes.desktopOnly}
            >
              {collapsed ? <IconChevronRight size={18} /> : <IconChevronLeft size={18} />}
            </ActionIcon>
          </Group>
          <Divider my={4} />
          <Popover position="right-start" withArrow shadow="md" width={300}>
            <Popover.Target>{item(t("share_shop"), <IconShare size={20} />, {})}</Popover.Target>
            <Popover.Dropdown>
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {t("share_shop")}
                </Text>
                <TextInput readOnly value={shopUrl} aria-label={t("share_shop")} onFocus={(event) => event.currentTarget.select()} />
                <CopyButton value={shopUrl}>
                  {({ copied, copy }) => (
                    <UnstyledButton onClick={copy} style={{ display: "flex", gap: 6, alignItems: "center" }}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      <Text size="sm">{copied ? t("link_copied") : t("copy_link")}</Text>
                    </UnstyledButton>
                  )}
                </CopyButton>
              </Stack>
            </Popover.Dropdown>
          </Popover>
          {entries.map((entry) => {
            // 'Pedidos' carries the count of paid orders waiting for the shop's confirmation.
            const waiting = entry.path === ordersPath ? ordersWaiting : 0;
            const icon =
              waiting > 0 ? (
                <Indicator label={waiting} size={16} color="red" offset={2} aria-hidden>
                  <entry.icon size={20} />
                </Indicator>
              ) : (
                <entry.icon size={20} />
              );
            const label = t(entry.label);
            const fullLabel = waiting > 0 ? `${label} (${t("orders_waiting_badge", { count: waiting })})` : label;
            const to = entry.site ? `${entry.path}?shop=${encodeURIComponent(shop.slug)}` : shopHref(basePath, entry.path);
            return item(label, icon, { component: Link, to }, fullLabel);
          })}
        </Stack>
      </Box>
    </>
  );
}
