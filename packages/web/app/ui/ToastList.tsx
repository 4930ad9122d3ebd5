import { Notifications } from "@mantine/notifications";

/** Mantine's toasts at the top right of the screen, loaded with the first toast (Toasts.tsx). */
export function ToastList() {
  return <Notifications position="top-right" />;
}
