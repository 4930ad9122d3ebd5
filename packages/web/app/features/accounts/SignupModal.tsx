import { Modal } from "@mantine/core";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { useT } from "../../lib/i18n";
import { SignupForm } from "./SignupForm";

/** The storefront's registration modal ('sign up to continue'); it closes when the flow moves to another page. */
export function SignupModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const t = useT();
  const location = useLocation();
  useEffect(() => {
    onClose();
    // Only a change of page closes it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("signup_title")}
      size="md"
      centered
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-xl)" } }}
    >
      {opened && <SignupForm inModal />}
    </Modal>
  );
}
