import { useDisclosure, useMounted } from "@mantine/hooks";
import { IconSearch, IconX } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { isWidePhoto } from "@tianguis/domain/rules/shop-display";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Suspense, lazy } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { Avatar } from "../../ui/Avatar";
import { ColorSchemeToggle } from "../../ui/ColorSchemeToggle";
import { Hint } from "../../ui/Hint";
import { Container, Group, Title, groupRoot, rem, visibleFrom } from "../../ui/layout-markup";
import { Skeleton } from "../../ui/Skeleton";
import { LanguageSwitch } from "../../ui/LanguageSwitch";
import { PlainIconButton } from "../../ui/PlainButton";
import { UserMenu } from "../accounts/UserMenu";
import { SettingsGear } from "../admin/SettingsGear";
import { CartButton } from "../cart/CartButton";
import { SearchPanel } from "../search/SearchPanel";
import classes from "./shop.module.css";
import { useScrollHide } from "./useScrollHide";
import { useUser } from "../../lib/user";

// Signed-in visitors only: anonymous visitors never download the alerts drawer (issue 16).
const AlertsBell = lazy(() => import("../alerts/AlertsBell").then((module) => ({ default: module.AlertsBell })));

/** Top bar: logo and name, the search toggle with its slide-down panel, the cart, language, theme and account. */
export function ShopTopBar({ shop, basePath }: { shop: ShopView; basePath: string }) {
  const t = useT();
  const user = useUser();
  // Rendered after hydration: a server-rendered lazy part stays inert until its chunk arrives, and would drop early clicks.
  const mounted = useMounted();
  const [searching, search] = useDisclosure(false);
  const state = useScrollHide();
  const color = shop.store_theme_info.color1;
  const wide = isWidePhoto(shop.photo_display);
  const allowsDarkMode = shop.darkmode && !shop.hidden_darkmode;
  return (
    <header
      className={classes.header}
      data-state={searching ? "pinned" : state}
      style={{ borderTop: "3px solid", borderImage: `linear-gradient(90deg, ${color}, ${shop.store_theme_info.color2}) 1` }}
    >
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap" gap="sm" style={{ height: rem(64) }}>
          <Link
            to={shopHref(basePath, "/")}
            {...groupRoot({ gap: "sm", wrap: "nowrap" }, { textDecoration: "none", minWidth: 0 })}
            aria-label={shop.name}
          >
            {shop.name ? (
              // The logo's small WebP when the shop has one (issue 16): a few kilobytes instead of the uploaded picture.
              <Avatar
                src={shop.photo_webp ?? shop.photo}
                alt=""
                radius={shop.photo_display.includes("cir") ? "xl" : "sm"}
                size={42}
                width={wide ? 84 : 42}
                color={color}
              >
                {shop.name.slice(0, 1)}
              </Avatar>
            ) : (
              <Skeleton circle height={42} />
            )}
            {!shop.hidden_store_name && (
              <Title order={2} lineClamp={1} className={classes.shopName}>
                {shop.name}
              </Title>
            )}
          </Link>
          <SettingsGear />
          <div style={{ flex: 1 }} />
          <Group gap={2} wrap="nowrap">
            {!shop.hidden_search_bar && (
              <Hint label={searching ? t("search_close") : t("search_open")}>
                <PlainIconButton
                  variant={searching ? "light" : "subtle"}
                  size="lg"
                  aria-label={searching ? t("search_close") : t("search_open")}
                  aria-expanded={searching}
                  onClick={search.toggle}
                >
                  {searching ? <IconX size={20} /> : <IconSearch size={20} />}
                </PlainIconButton>
              </Hint>
            )}
            <div className={visibleFrom("xs")}>
              <LanguageSwitch />
            </div>
            {allowsDarkMode && <ColorSchemeToggle />}
            <CartButton basePath={basePath} />
            {user && mounted && (
              <Suspense fallback={null}>
                <AlertsBell />
              </Suspense>
            )}
            <UserMenu />
          </Group>
        </Group>
      </Container>
      {!shop.hidden_search_bar && <SearchPanel opened={searching} onClose={search.close} basePath={basePath} shopSlug={shop.slug} />}
    </header>
  );
}
