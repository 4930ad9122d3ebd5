import { useDisclosure } from "@mantine/hooks";
import type { MeView } from "@tianguis/domain/schemas/user";
import { useLocation } from "react-router";
import { intentToOpen, lazyPart } from "../../lib/lazy-part";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useShop } from "../../lib/useShop";
import { Avatar } from "../../ui/Avatar";
import { useLazyDropdown } from "../../ui/lazy-dropdown";
import { Group, hiddenFrom, visibleFrom } from "../../ui/layout-markup";
import { PlainButton, unstyledButton } from "../../ui/PlainButton";
import { AdvisorModal } from "../support/AdvisorModal";
import { useAdvisorHeartbeat } from "../support/useAdvisorHeartbeat";
import { SignupModal } from "./SignupModal";
import classes from "./UserMenu.module.css";

// The menus' dropdowns download when the visitor reaches for their button (issue 16).
const AccountDropdown = lazyPart(() => import("./UserMenuDropdowns").then((module) => module.AccountDropdown));
const VisitorDropdown = lazyPart(() => import("./UserMenuDropdowns").then((module) => module.VisitorDropdown));

/**
 * Top-bar account area (storefront-and-admin §2): login and sign-up for visitors (a hamburger menu on
 * phones); the avatar menu for signed-in users: my shop, my purchases, preferences, sign out.
 */
export function UserMenu() {
  const user = useUser();
  const location = useLocation();
  useAdvisorHeartbeat(user?.advisor === true);
  const here = `${location.pathname}${location.search}`;
  return user ? <AccountMenu user={user} here={here} /> : <VisitorMenu here={here} />;
}

function VisitorMenu({ here }: { here: string }) {
  const t = useT();
  const { opened, mounted, trigger, link } = useLazyDropdown(VisitorDropdown, "menu");
  const [signingUp, signup] = useDisclosure(false);
  // Inside a storefront sign-up opens the registration modal; elsewhere it is the /register page.
  const inShop = useShop() !== null;
  const loginHref = `/login?next=${encodeURIComponent(here)}`;
  return (
    <>
      <Group gap="xs" className={visibleFrom("sm")} wrap="nowrap">
        <PlainButton to={loginHref} variant="subtle">
          {t("login")}
        </PlainButton>
        {inShop ? (
          <PlainButton onClick={signup.open} {...intentToOpen(SignupModal)}>
            {t("signup")}
          </PlainButton>
        ) : (
          <PlainButton to="/register">{t("signup")}</PlainButton>
        )}
      </Group>
      <div className={hiddenFrom("sm")}>
        {/* A burger of its own (issue 16: Mantine's Burger module stays off a shop's first visit). */}
        <button type="button" className={`${unstyledButton} ${classes.burger}`} aria-label={t("open_menu")} {...trigger}>
          <span className={classes.lines} data-opened={opened || undefined} />
        </button>
        {mounted && <VisitorDropdown link={link} loginHref={loginHref} onSignup={inShop ? signup.open : undefined} />}
      </div>
      {inShop && <SignupModal opened={signingUp} onClose={signup.close} />}
    </>
  );
}

function AccountMenu({ user, here }: { user: MeView; here: string }) {
  const t = useT();
  const { mounted, trigger, link } = useLazyDropdown(AccountDropdown, "menu");
  const [advising, advisor] = useDisclosure(false);
  const initials = user.full_name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join("");
  return (
    <>
      <button type="button" className={unstyledButton} aria-label={t("menu_account")} {...trigger}>
        <Avatar src={user.image} alt={user.full_name} radius="xl" color="teal">
          {user.id === "" ? null : initials || "?"}
        </Avatar>
      </button>
      {mounted && <AccountDropdown link={link} user={user} here={here} onAdvisor={advisor.open} />}
      {user.shop_slug && <AdvisorModal shopSlug={user.shop_slug} opened={advising} onClose={advisor.close} />}
    </>
  );
}
