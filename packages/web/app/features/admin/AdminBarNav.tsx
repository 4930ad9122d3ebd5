import { ActionIcon, Box, Divider, Group, Indicator, Stack, Text, UnstyledButton } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import {
  IconAddressBook,
  IconArrowBackUp,
  IconBooks,
  IconBuildingStore,
  IconCashRegister,
  IconStar,
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconChevronUp,
  IconCoin,
  IconShoppingBag,
  IconSpeakerphone,
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
import {
  type AdminSection,
  type SectionPage,
  appModuleOf,
  barRolesOf,
  contactsPath,
  orderDeskRoles,
  ordersPath,
  sectionLabels,
  sectionOf,
  visibleAdminSections,
} from "@tianguis/domain/rules/admin-modules";
import { tourSteps } from "@tianguis/domain/rules/admin-tour";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { Fragment, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { lazyPart } from "../../lib/lazy-part";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useShop } from "../../lib/useShop";
import { useLazyDropdown } from "../../ui/lazy-dropdown";
import classes from "./AdminBar.module.css";
import { useOrdersWaiting } from "../orders/useOrdersWaiting";
import { useContactsUnread } from "../contacts/useContactsUnread";
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
  [contactsPath]: IconAddressBook,
  "/admin/actividad": IconHistory,
  "/admin/inventario/cargas": IconFileImport,
  "/admin": IconChartBar,
  "/admin/reportes/ordenes": IconFileSpreadsheet,
  "/admin/inventario/reportes": IconFileSpreadsheet,
};

/** Each section's icon (its pages keep their own). */
const sectionIcons: Record<AdminSection, typeof IconHome> = {
  home: IconHome,
  sales: IconShoppingBag,
  catalogue: IconBooks,
  marketing: IconSpeakerphone,
  money: IconCoin,
  shop: IconBuildingStore,
};

// The share panel downloads when the admin reaches for its button (issue 16).
const ShareShopPopover = lazyPart(() => import("./ShareShopPopover").then((module) => module.ShareShopPopover));

/**
 * Left floating admin bar (spec §2): shop name, share-shop panel with copy, menu icons; collapsible on
 * desktop, hideable on phones. Shown to the roles admin, accountant, dispatcher and qrreader only (AdminBar.tsx), each
 * seeing the app modules its profiles may use (rules/admin-modules.ts), gathered in sections (Ventas, Catálogo, ...)
 * whose submenus open below them, one at a time. The app-module side bar: the section of the current page's module
 * starts open, listing its submenu, and the current page's link is marked.
 * The owner's guided tour (AdminTour.tsx) points at its entries, opening the bar on phones (and the entry's section) while
 * it runs.
 */
export function AdminBarNav() {
  const t = useT();
  const found = useShop();
  const user = useUser();
  const [collapsed, setCollapsed] = useLocalStorage({ key: "tianguis-admin-bar-collapsed", defaultValue: true });
  // Phones: the bar would cover the page, so it stays closed behind one button until asked for.
  const [phoneOpen, setPhoneOpen] = useState(false);
  // The section the admin opened or closed; until then (and after each navigation) the current page's.
  const [open, setOpen] = useState<AdminSection | null | undefined>(undefined);
  const { pathname } = useLocation();
  // Following one of its links closes it again.
  useEffect(() => {
    setPhoneOpen(false);
    setOpen(undefined);
  }, [pathname]);
  const share = useLazyDropdown(ShareShopPopover, "dialog");
  const seesOrders = !!user && !!found?.shop.permissions.some((role) => orderDeskRoles.includes(role));
  const ordersWaiting = useOrdersWaiting(seesOrders && found ? found.shop.slug : null);
  // Contacts are the owner's and admins' (the owner's permissions hold 'admin').
  const contactsUnread = useContactsUnread(!!user && found?.shop.permissions.includes("admin") ? found.shop.slug : null);
  const roles = barRolesOf(found?.shop.permissions ?? []);
  const isOwner = !!user && !!found && user.id !== "" && user.id === found.shop.owner;
  // The sections of the app modules the user's profiles may use (a dispatcher: sales), each with only the pages they may open.
  const sections = found ? visibleAdminSections(roles, { ...found.shop, is_owner: isOwner }) : [];
  const tour = useAdminTour(isOwner, tourSteps(sections.flatMap((section) => section.submenu.map((entry) => entry.path))));
  const touring = tour.step !== null;
  useEffect(() => setPhoneOpen(touring), [touring]);
  if (!found || !user) return null;
  const { shop, basePath } = found;
  if (roles.length === 0) return null;
  const relative = basePath && pathname.startsWith(basePath) ? pathname.slice(basePath.length) || "/" : pathname;
  const here = appModuleOf(relative);
  // While the tour points at a page, that page's section is open.
  const opened = tour.step?.path ? sectionOf(tour.step.path) : open === undefined ? sectionOf(relative) : open;

  // Collapsed, the bar shows an item's label beside it on hover and keyboard focus (AdminBar.module.css).
  const item = (label: string, icon: React.ReactNode, props: Record<string, unknown>, fullLabel = label, end?: React.ReactNode) => (
    <UnstyledButton key={label} {...props} aria-label={fullLabel} className={classes.item}>
      {icon}
      <Text size="sm" fw={500} lineClamp={1} className={classes.label}>
        {label}
      </Text>
      {end && <span className={classes.chevron}>{end}</span>}
    </UnstyledButton>
  );
  const withBadge = (icon: React.ReactNode, waiting: number) =>
    waiting > 0 ? (
      <Indicator label={waiting} size={16} color="red" offset={2} aria-hidden>
        {icon}
      </Indicator>
    ) : (
      icon
    );
  // 'Pedidos' carries the count of paid orders waiting for the shop's confirmation; 'Contactos' the unread ones.
  const badgeOf = (path: string) =>
    path === ordersPath
      ? { waiting: ordersWaiting, code: "orders_waiting_badge" as const }
      : { waiting: path === contactsPath ? contactsUnread : 0, code: "contacts_unread_badge" as const };
  const labelled = (label: string, path: string) => {
    const { waiting, code } = badgeOf(path);
    return waiting > 0 ? `${label} (${t(code, { count: waiting })})` : label;
  };
  const pageLink = (entry: SectionPage) => {
    const { waiting } = badgeOf(entry.path);
    const Icon = icons[entry.path] ?? IconHome;
    const label = t(entry.label);
    const fullLabel = labelled(label, entry.path);
    const to = entry.site ? `${entry.path}?shop=${encodeURIComponent(shop.slug)}` : shopHref(basePath, entry.path);
    const current = !entry.site && entry.app_module === here && to === pathname ? "page" : undefined;
    const link = item(
      label,
      withBadge(<Icon size={20} />, waiting),
      { component: Link, to, "aria-current": current, "data-module": entry.app_module },
      fullLabel,
    );
    const step = tour.step?.path === entry.path ? tour.step : null;
    return step ? (
      <TourStepPopover key={label} tour={tour} id={step.id}>
        {link}
      </TourStepPopover>
    ) : (
      link
    );
  };

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
          {sections.map((section) => {
            const pages = section.submenu.map(pageLink);
            // A section of one page is that page's link; a larger one is a button that opens its submenu below it.
            if (pages.length === 1) return pages[0];
            const label = t(sectionLabels[section.section]);
            // A closed section shows the count of its first page that has one.
            const counted = section.submenu.find((page) => badgeOf(page.path).waiting > 0);
            const waiting = counted ? badgeOf(counted.path).waiting : 0;
            const Icon = sectionIcons[section.section];
            const expanded = opened === section.section;
            const id = `admin-section-${section.section}`;
            return (
              <Fragment key={section.section}>
                {item(
                  label,
                  withBadge(<Icon size={20} />, waiting),
                  {
                    onClick: () => setOpen(expanded ? null : section.section),
                    "aria-expanded": expanded,
                    "aria-controls": id,
                    "data-section": section.section,
                  },
                  counted ? labelled(label, counted.path) : label,
                  expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />,
                )}
                <div id={id} role="group" aria-label={label} hidden={!expanded} className={classes.submenu}>
                  {pages}
                </div>
              </Fragment>
            );
          })}
        </Stack>
      </Box>
    </>
  );
}
