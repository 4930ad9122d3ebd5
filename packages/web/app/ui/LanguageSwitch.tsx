import { ActionIcon, Menu, Tooltip } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { type Locale, locales } from "@tianguis/domain/locale";
import { loadMessages } from "@tianguis/domain/messages/index";
import { useRevalidator } from "react-router";
import { setBrowserCookie } from "../lib/cookies";
import { useLocale, useT } from "../lib/i18n";

const labels: Record<Locale, string> = { es: "Español", en: "English", "es-AR": "Español (Argentina)" };

/** Saves the choice in the locale cookie, loads that language's texts and re-renders the page in it. */
export function LanguageSwitch() {
  const t = useT();
  const current = useLocale();
  const revalidator = useRevalidator();
  const choose = async (locale: Locale) => {
    setBrowserCookie("locale", locale);
    document.documentElement.lang = locale;
    await loadMessages(locale);
    await revalidator.revalidate();
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t("language")}>
          <ActionIcon variant="subtle" size="lg" aria-label={t("language")}>
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
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
