import { lazyPart, useOpenedOnce } from "../../lib/lazy-part";

// The dialog's code downloads on its first opening, not with every shop page (issue 16).
const AdvisorDialog = lazyPart(() => import("./AdvisorDialog").then((module) => module.AdvisorDialog));

/**
 * 'Mi asesor' (commerce-and-accounts §2 'Advisor modal'): nothing until first opened, then the dialog (AdvisorDialog.tsx).
 * `AdvisorModal.preload` starts the download early, e.g. from `intentToOpen` on the menu item that opens it.
 */
export const AdvisorModal = Object.assign(
  function AdvisorModal(props: { shopSlug: string; opened: boolean; onClose: () => void }) {
    return useOpenedOnce(props.opened) ? <AdvisorDialog {...props} /> : null;
  },
  { preload: AdvisorDialog.preload },
);
