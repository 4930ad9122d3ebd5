import { ActionIcon, Box, Divider, Group, Indicator, Stack, Text, UnstyledButton } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import {
  IconAddressBook,
  IconArrowBackUp,
  IconBooks,
  IconBuildingStore,
  IconCashRegister,
  IconStar,
  IconChevronLeft,
  IconChevronRight,
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
  IconNews,
  IconUsers,
  IconFileImport,
  IconFileInvoice,
  IconChartBar,
  IconFileSpreadsheet,
  IconHistory,
} from "@tabler/icons-react";
import { appModuleOf, barRolesOf, orderDeskRoles, ordersPath, visibleAdminMenu } from "@tianguis/domain/rules/admin-modules";
import { tourSteps } from "@tianguis/domain/rules/admin-tour";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { lazyPart } from "../../lib/lazy-part";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useShop } from "../../lib/useShop";
import { useLazyDropdown } from "../../ui/lazy-dropdown";
import classes from "./AdminBar.module.css";
import { useOrdersWaiting } from "../orders/useOrdersWaiting";
import { TourStepPopover, useAdminTour } from "./AdminTour";

/** Each page's icon, by its path in the domain's admin menu (rules/admin-modules.ts decides who sees what). */
const icons: Record<string, typeof IconHome> = {
  "/": IconHome,
  "/apps/me/products": IconPackage,
  "/catalogos": IconBooks,
  "/admin/blogs": IconNews,
  "/admin/banners": IconPhoto,
  "/admin/reventa": IconTruckDelivery,
  [ordersPath]: IconReceipt,
  "/admin/devoluciones": IconArrowBackUp,
  "/admin/facturas": IconFileInvoice,
  "/admin/entradas": IconQrcode,
  "/admin/comisiones": IconCashRegister,
  "/admin/opiniones": IconStar,
  "/admin/paginas": IconFileText,
  "/admin/franquicias": IconBuildingStore,
  "/admin/colaboradores": IconUsers,
  "/admin/configuracion": IconSettings,
  "/admin/contactos": IconAddressBook,
  "/admin/actividad": IconHistory,
  "/admin/inventario/cargas": IconFileImport,
  "/admin": IconChartBar,
  "/admin/reportes/ordenes": IconFileSpreadsheet,
  "/admin/inventario/reportes": IconFileSpreadsheet,
};

// The share panel downloads when the admin reaches for its button (issue 16).
const ShareShopPopover = lazyPart(() => import("./ShareShopPopover").then((module) => module.ShareShopPopover));

/**
 * Left floating admin bar (spec §2): shop name, share-shop panel with copy, menu icons; collapsible on
 * desktop, hideable on phones. Shown to the roles admin, accountant, dispatcher and qrreader only (AdminBar.tsx), each
 * seeing the app modules its profiles may use (rules/admin-modules.ts); the current page's link is marked. The owner's
 * guided tour (AdminTour.tsx) points at its entries, opening the bar on phones while it runs.
 */
export function AdminBarNav() {
  const t = useT();
  const found = useShop();
  const user = useUser();
  const [collapsed, setCollapsed] = useLocalStorage({ key: "tianguis-admin-bar-collapsed", defaultValue: true });
  // Phones: the bar would cover the page, so it stays closed behind one button until asked for.
  const [phoneOpen, setPhoneOpen] = useState(false);
  const { pathname } = useLocation();
  // Following one of its links closes it again.
  useEffect(() => setPhoneOpen(false), [pathname]);
  const share = useLazyDropdown(ShareShopPopover, "dialog");
  const seesOrders = !!user && !!found?.shop.permissions.some((role) => orderDeskRoles.includes(role));
  const ordersWaiting = useOrdersWaiting(seesOrders && found ? found.shop.slug : null);
  const roles = barRolesOf(found?.shop.permissions ?? []);
  const isOwner = !!user && !!found && user.id !== "" && user.id === found.shop.owner;
  // The app modules the user's profiles may use (a dispatcher: orders), each with only the pages they may open.
  const modules = found ? visibleAdminMenu(roles, { ...found.shop, is_owner: isOwner }) : [];
  const tour = useAdminTour(isOwner, tourSteps(modules.flatMap((module) => module.submenu.map((entry) => entry.path))));
  const touring = tour.step !== null;
  useEffect(() => setPhoneOpen(touring), [touring]);
  if (!found || !user) return null;
  const { shop, basePath } = found;
  if (roles.length === 0) return null;
  const here = appModuleOf(basePath && pathname.startsWith(basePath) ? pathname.slice(basePath.length) || "/" : pathname);

  // Collapsed, the bar shows an item's label beside it on hover and keyboard focus (AdminBar.module.css).
  const item = (label: string, icon: React.ReactNode, props: Record<string, unknown>, fullLabel = label) => (
    <UnstyledButton key={label} {...props} aria-label={fullLabel} className={classes.item}>
      {icon}
      <Text size="sm" fw={500} lineClamp={1} className={classes.label}>
        {label}
      </Text>
    </UnstyledButton>
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
          {tour.step?.id === "share" ? (
            <TourStepPopover tour={tour} id="share">
              {item(t("share_shop"), <IconShare size={20} />, share.trigger)}
            </TourStepPopover>
          ) : (
            item(t("share_shop"), <IconShare size={20} />, share.trigger)
          )}
          {share.mounted && <ShareShopPopover link={share.link} basePath={basePath} />}
          {modules
            .flatMap((module) => module.submenu.map((entry) => ({ ...entry, app_module: module.app_module })))
            .map((entry) => {
              // 'Pedidos' carries the count of paid orders waiting for the shop's confirmation.
              const waiting = entry.path === ordersPath ? ordersWaiting : 0;
              const Icon = icons[entry.path] ?? IconHome;
              const icon =
                waiting > 0 ? (
                  <Indicator label={waiting} size={16} color="red" offset={2} aria-hidden>
                    <Icon size={20} />
                  </Indicator>
                ) : (
                  <Icon size={20} />
                );
              const label = t(entry.label);
              const fullLabel = waiting > 0 ? `${label} (${t("orders_waiting_badge", { count: waiting })})` : label;
              const to = entry.site ? `${entry.path}?shop=${encodeURIComponent(shop.slug)}` : shopHref(basePath, entry.path);
              const current = !entry.site && entry.app_module === here && to === pathname ? "page" : undefined;
              const link = item(label, icon, { component: Link, to, "aria-current": current, "data-module": entry.app_module }, fullLabel);
              const step = tour.step?.path === entry.path ? tour.step : null;
              return step ? (
                <TourStepPopover key={label} tour={tour} id={step.id}>
                  {link}
                </TourStepPopover>
              ) : (
                link
              );
            })}
        </Stack>
      </Box>
    </>
  );
}
