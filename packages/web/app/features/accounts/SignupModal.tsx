import { useEffect } from "react";
import { useLocation } from "react-router";
import { lazyPart, useOpenedOnce } from "../../lib/lazy-part";

// The dialog and its form (with its inputs) download on its first opening, not with every shop page (issue 16).
const SignupDialog = lazyPart(() => import("./SignupDialog").then((module) => module.SignupDialog));

/**
 * The storefront's registration modal ('sign up to continue'); it closes when the flow moves to another page.
 * `SignupModal.preload` starts the download early, e.g. from `intentToOpen` on the control that opens it.
 */
export const SignupModal = Object.assign(
  function SignupModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
    const location = useLocation();
    useEffect(() => {
      onClose();
      // Only a change of page closes it.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [location.pathname]);
    return useOpenedOnce(opened) ? <SignupDialog opened={opened} onClose={onClose} /> : null;
  },
  { preload: SignupDialog.preload },
);
