import { lazyPart, useOpenedOnce } from "../../lib/lazy-part";

// The dialog's code downloads on its first opening, not with the pages that offer it (issue 16).
const CardDialog = lazyPart(() => import("./CardDialog").then((module) => module.CardDialog));

/**
 * The 'Tarjeta Bancaria' modal (commerce-and-accounts §2, §4, §8): nothing until first opened, then the dialog
 * (CardDialog.tsx). `CardModal.preload` starts the download early, e.g. from `intentToOpen` on the button that opens it.
 */
export const CardModal = Object.assign(
  function CardModal(props: { opened: boolean; onClose: () => void }) {
    return useOpenedOnce(props.opened) ? <CardDialog {...props} /> : null;
  },
  { preload: CardDialog.preload },
);
