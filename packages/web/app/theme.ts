import { type MantineColorScheme, type MantineColorSchemeManager, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "teal",
  fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif", fontWeight: "700" },
  defaultRadius: "md",
  colors: {
    tianguis: ["#fff4e6", "#ffe8cc", "#ffd8a8", "#ffc078", "#ffa94d", "#ff922b", "#fd7e14", "#f76707", "#e8590c", "#d9480f"],
  },
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
