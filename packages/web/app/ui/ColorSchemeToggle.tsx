import { useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import { useSyncExternalStore } from "react";
import { useT } from "../lib/i18n";
import { Hint } from "./Hint";
import { PlainIconButton } from "./PlainButton";

const darkQuery = "(prefers-color-scheme: dark)";
const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(darkQuery);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
};

/**
 * The system's preference, light on the server and while hydrating, then the browser's: what Mantine's
 * `useComputedColorScheme` reads for "auto", without its media-query hooks on a shop's first visit (issue 16).
 */
function usePrefersDark() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(darkQuery).matches,
    () => false,
  );
}

/** Dark/light switch; the choice is stored by the cookie colour-scheme manager for 365 days. */
export function ColorSchemeToggle() {
  const t = useT();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const prefersDark = usePrefersDark();
  const computed = colorScheme === "auto" ? (prefersDark ? "dark" : "light") : colorScheme;
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
