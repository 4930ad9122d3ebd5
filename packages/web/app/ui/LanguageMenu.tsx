import { Menu } from "@mantine/core";
import { type Locale, locales } from "@tianguis/domain/locale";
import { loadMessages } from "@tianguis/domain/messages/index";
import { useRevalidator } from "react-router";
import { setBrowserCookie } from "../lib/cookies";
import { useLocale } from "../lib/i18n";
import { type DropdownLink, ExistingTarget, useLinkedDropdown } from "./lazy-dropdown";

const labels: Record<Locale, string> = { es: "Español", en: "English", "es-AR": "Español (Argentina)" };

/** LanguageSwitch's menu: saves the choice in the locale cookie, loads that language's texts and re-renders the page in it. */
export function LanguageMenu({ link }: { link: DropdownLink }) {
  const current = useLocale();
  const revalidator = useRevalidator();
  const choose = async (locale: Locale) => {
    setBrowserCookie("locale", locale);
    document.documentElement.lang = locale;
    await loadMessages(locale);
    await revalidator.revalidate();
  };
  return (
    <Menu position="bottom-end" withinPortal {...useLinkedDropdown(link)}>
      <Menu.Target>
        <ExistingTarget target={link.target} />
      </Menu.Target>
      <Menu.Dropdown>
        {locales.map((locale) => (
          <Menu.Item key={locale} onClick={() => void choose(locale)} fw={locale === current ? 700 : 400} aria-current={locale === current}>
            {labels[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
