import { IconLanguage } from "@tabler/icons-react";
import { lazyPart } from "../lib/lazy-part";
import { useT } from "../lib/i18n";
import { Hint } from "./Hint";
import { useLazyDropdown } from "./lazy-dropdown";
import { PlainIconButton } from "./PlainButton";

const LanguageMenu = lazyPart(() => import("./LanguageMenu").then((module) => module.LanguageMenu));

/** The language button; its menu (LanguageMenu) downloads when the visitor reaches for it. */
export function LanguageSwitch() {
  const t = useT();
  const { mounted, trigger, link } = useLazyDropdown(LanguageMenu, "menu");
  return (
    <>
      <Hint label={t("language")}>
        <PlainIconButton variant="subtle" size="lg" aria-label={t("language")} {...trigger}>
          <IconLanguage size={20} />
        </PlainIconButton>
      </Hint>
      {mounted && <LanguageMenu link={link} />}
    </>
  );
}
