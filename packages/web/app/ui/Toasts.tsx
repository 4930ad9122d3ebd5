import { notificationsStore } from "@mantine/notifications";
import { useSyncExternalStore } from "react";
import { lazyPart, useOpenedOnce } from "../lib/lazy-part";

// Mantine's toasts (their transitions, close buttons, portal) download with the first toast, not with every page
// (issue 16); the store they are queued in is small and loads with the page.
const ToastList = lazyPart(() => import("./ToastList").then((module) => module.ToastList));

const anyShown = () => notificationsStore.getState().notifications.length > 0;

/**
 * The toasts' place on the page, mounted from the first toast on: a toast shown before its code arrived
 * waits in the store and appears once it has. Every `notifications.show`, through ui/notify.ts or not, counts.
 */
export function Toasts() {
  const shown = useSyncExternalStore(notificationsStore.subscribe, anyShown, () => false);
  return useOpenedOnce(shown) ? <ToastList /> : null;
}
