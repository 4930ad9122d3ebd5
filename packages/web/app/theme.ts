import {
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  createTheme,
  mergeThemeOverrides,
} from "@mantine/core";
import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";

/**
 * Colours meet WCAG AA contrast (4.5:1 for text) in both schemes: filled buttons, badges and coloured text
 * use the 9th shade, text on filled colours is black or white by the colour's luminance (autoContrast), and
 * dimmed text is gray.7 on light pages (gray.6 is 3.3:1 on white) and dark.1 on dark ones.
 */
const theme = createTheme({
  primaryColor: "teal",
  primaryShade: 9,
  autoContrast: true,
  fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif", fontWeight: "700" },
  defaultRadius: "md",
});

const themes = new Map<Locale, ReturnType<typeof mergeThemeOverrides>>();

/**
 * The theme in the visitor's language: dialogs' close buttons are named for screen readers. Plain objects, not
 * `Modal.extend`, so the theme does not bring the dialogs' code to pages that never open one (issue 16). Made once per
 * language: the server renders every page with it, and merging it again cost each render a deep merge.
 */
export function themeFor(locale: Locale) {
  let found = themes.get(locale);
  if (!found) {
    const closeButtonProps = { "aria-label": translate(locale, "close") };
    found = mergeThemeOverrides(theme, {
      components: { Modal: { defaultProps: { closeButtonProps } }, Drawer: { defaultProps: { closeButtonProps } } },
    });
    themes.set(locale, found);
  }
  return found;
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // Light buttons and badges: teal.9 on its 10% tint is 4.4:1; a darker teal reaches 4.5:1.
    "--mantine-color-teal-light-color": "#066649",
    // Green.9 on its tint is 3.85:1 (the 'Entregado' badge); a darker green reaches 5.5:1.
    "--mantine-color-green-light-color": "#1f6f31",
    // Field errors: Mantine's red.6 is 3.3:1 on white, red.9 is 5.9:1.
    "--mantine-color-error": "var(--mantine-color-red-9)",
  },
  dark: { "--mantine-color-dimmed": "var(--mantine-color-dark-1)", "--mantine-color-error": "var(--mantine-color-red-4)" },
});

export const THEME_COOKIE = "theme";

/** Light/dark choice kept in a cookie for 365 days so the server renders the right scheme; 'auto' follows the system. */
export function cookieColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue) => {
      if (typeof document === "undefined") return defaultValue;
      const match = document.cookie.match(/(?:^|;\s*)theme=(light|dark|auto)/);
      return (match?.[1] as MantineColorScheme | undefined) ?? defaultValue;
    },
    set: (value) => {
      document.cookie = `${THEME_COOKIE}=${value}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax`;
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      document.cookie = `${THEME_COOKIE}=; Max-Age=0; Path=/`;
    },
  };
}
