import { useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import { useT } from "../lib/i18n";
import { Hint } from "./Hint";
import { PlainIconButton } from "./PlainButton";

/** Dark/light switch; the choice is stored by the cookie colour-scheme manager for 365 days. */
export function ColorSchemeToggle() {
  const t = useT();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const next = computed === "dark" ? "light" : "dark";
  const label = next === "dark" ? t("theme_dark") : t("theme_light");
  return (
    <Hint label={label}>
      <PlainIconButton variant="subtle" size="lg" aria-label={label} onClick={() => setColorScheme(next)}>
        {computed === "dark" ? <IconSun size={20} /> : <IconMoon size={20} />}
      </PlainIconButton>
    </Hint>
  );
}
