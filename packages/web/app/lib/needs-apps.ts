import { NEEDS_APPS_RESET_MS } from "@tianguis/domain/rules/registration";
import { useSyncExternalStore } from "react";

/**
 * The registration-needs-apps flag (commerce-and-accounts §4): set while a sign-up's plan is being installed and
 * cleared 3 s after the flow ends (§9). It lives in the tab's session storage, so the page the flow lands on reads it;
 * while it is set that page says the account is still being set up, and loads its apps again when it clears.
 */
const KEY = "tianguis:registration-needs-apps";
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function setNeedsApps() {
  window.sessionStorage.setItem(KEY, "1");
  changed();
}

/** The flow ended: the flag goes 3 s later. */
export function clearNeedsAppsLater() {
  window.setTimeout(() => {
    window.sessionStorage.removeItem(KEY);
    changed();
  }, NEEDS_APPS_RESET_MS);
}

/** Whether the sign-up's apps are still being set up (false on the server). */
export function useNeedsApps(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => window.sessionStorage.getItem(KEY) === "1",
    () => false,
  );
}
