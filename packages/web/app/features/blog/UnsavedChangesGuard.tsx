import { Button, Group, Modal, Text } from "@mantine/core";
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { useT } from "../../lib/i18n";

/**
 * Keeps a writer from losing an entry by accident: while `dirty`, leaving for another page asks first, and closing or
 * reloading the tab gets the browser's own warning. `dirty` turns false just before a save navigates away.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const t = useT();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return (
    <Modal opened={blocker.state === "blocked"} onClose={() => blocker.reset?.()} title={t("blog_leave_title")} centered>
      <Text>{t("blog_leave_text")}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t("blog_leave_stay")}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t("blog_leave_go")}
        </Button>
      </Group>
    </Modal>
  );
}
