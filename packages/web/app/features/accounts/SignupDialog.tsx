import { Modal } from "@mantine/core";
import { useT } from "../../lib/i18n";
import { useOpenedAfterMount } from "../../lib/lazy-part";
import { SignupForm } from "./SignupForm";

/** The registration dialog itself, loaded with its form on its first opening (SignupModal.tsx). */
export function SignupDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const t = useT();
  return (
    <Modal
      opened={useOpenedAfterMount(opened)}
      onClose={onClose}
      title={t("signup_title")}
      size="md"
      centered
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-xl)" } }}
    >
      <SignupForm inModal />
    </Modal>
  );
}
