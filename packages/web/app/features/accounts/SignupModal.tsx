import { Modal, Skeleton, Stack } from "@mantine/core";
import { Suspense, lazy, useEffect } from "react";
import { useLocation } from "react-router";
import { useT } from "../../lib/i18n";

// The form (and its inputs) downloads when the modal first opens, not with every shop page (issue 16).
const SignupForm = lazy(() => import("./SignupForm").then((module) => ({ default: module.SignupForm })));

function SignupFormSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} height={36} radius="sm" />
      ))}
    </Stack>
  );
}

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
      {opened && (
        <Suspense fallback={<SignupFormSkeleton />}>
          <SignupForm inModal />
        </Suspense>
      )}
    </Modal>
  );
}
