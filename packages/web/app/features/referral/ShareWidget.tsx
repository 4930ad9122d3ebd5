import { IconSpeakerphone } from "@tabler/icons-react";
import { isShareWidgetVisible } from "@tianguis/domain/rules/referral";
import { useLocation } from "react-router";
import { lazyPart } from "../../lib/lazy-part";
import { Text, visibleFrom } from "../../ui/layout-markup";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useShop } from "../../lib/useShop";
import { useLazyDropdown } from "../../ui/lazy-dropdown";
import { PlainButton } from "../../ui/PlainButton";
import classes from "./ShareWidget.module.css";

// The panel (campaign form, share links) downloads when the user reaches for the button (issue 16).
const ShareWidgetPopover = lazyPart(() => import("./ShareWidgetPopover").then((module) => module.ShareWidgetPopover));

/**
 * The floating share widget 'Crea campaña y comparte' (commerce-and-accounts §2, storefront-and-admin §2): creates a
 * campaign for the current page URL with its query string, then offers social share links and copy-link. Shown only
 * to users with the referral area, never on /apps, /home, /me, /password or /shopping-cart (rules/referral).
 */
export function ShareWidget() {
  const user = useUser();
  const location = useLocation();
  if (!isShareWidgetVisible(location.pathname, user)) return null;
  return <ShareWidgetPanel key={location.pathname + location.search} page={location.pathname + location.search} />;
}

function ShareWidgetPanel({ page }: { page: string }) {
  const t = useT();
  // Inside a shop its contact bubble holds the bottom-right corner: stand above it (ShareWidget.module.css).
  const inShop = useShop() !== null;
  const { mounted, trigger, link } = useLazyDropdown(ShareWidgetPopover, "dialog");
  return (
    <div className={classes.affix} data-in-shop={inShop || undefined}>
      <PlainButton
        radius="xl"
        size="md"
        color="#06694b"
        leftSection={<IconSpeakerphone size={18} />}
        aria-label={t("share_widget_title")}
        {...trigger}
      >
        <Text span className={visibleFrom("xs")} inherit>
          {t("share_widget_title")}
        </Text>
      </PlainButton>
      {mounted && <ShareWidgetPopover link={link} page={page} />}
    </div>
  );
}
