import { MantineThemeProvider, Notification, createTheme } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useMemo } from "react";
import { useT } from "../lib/i18n";

/**
 * Mantine's toasts at the top right of the screen, loaded with the first toast (Toasts.tsx). Their close button is
 * named in the visitor's language and the message is in the text colour: Mantine's dimmed grey on a toast is 3.3:1,
 * below WCAG AA.
 */
export function ToastList() {
  const t = useT();
  const label = t("close");
  const theme = useMemo(
    () =>
      createTheme({
        components: {
          Notification: Notification.extend({
            defaultProps: { closeButtonProps: { "aria-label": label } },
            styles: { description: { color: "var(--mantine-color-text)" } },
          }),
        },
      }),
    [label],
  );
  return (
    <MantineThemeProvider theme={theme}>
      <Notifications position="top-right" />
    </MantineThemeProvider>
  );
}
