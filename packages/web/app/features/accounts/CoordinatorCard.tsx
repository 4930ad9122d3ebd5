import { Button, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { accountsApi } from "@tianguis/domain/routes/accounts";
import { coordinatorStatus } from "@tianguis/domain/rules/coordinator";
import type { ProfileView } from "@tianguis/domain/schemas/accounts";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

/**
 * The coordinator modal (rules/coordinator.ts): a level-two user opens it from the profile and asks to coordinate other
 * entrepreneurs; once asked, the profile says the request is under review; a coordinator is told so. A refused request
 * shows the platform's reason above the offer to ask again.
 */
export function CoordinatorCard({ profile, onChanged }: { profile: ProfileView; onChanged(profile: ProfileView): void }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const { run, busy } = useMutation();
  const status = coordinatorStatus(profile);
  if (!status) return null;
  const ask = () =>
    run(() => api(accountsApi.requestCoordinator), {
      revalidate: false,
      onSuccess: (updated) => {
        onChanged(updated);
        setOpened(false);
      },
    });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t("coordinator_title")}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flex: "1 1 16rem" }}>
          <IconUsersGroup size={28} aria-hidden />
          <Stack gap={4}>
            {status === "offer" && profile.coordinator_refusal && (
              <Text size="sm" fw={600} role="status">
                {t("coordinator_refused", { reason: profile.coordinator_refusal })} {t("coordinator_ask_again")}
              </Text>
            )}
            <Text size="sm">
              {status === "offer" ? t("coordinator_text") : t(status === "requested" ? "coordinator_requested" : "coordinator_is")}
            </Text>
          </Stack>
        </Group>
        {status === "offer" && <Button onClick={() => setOpened(true)}>{t("coordinator_open")}</Button>}
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("coordinator_title")} centered>
        <Stack>
          <Text>{t("coordinator_text")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t("coordinator_later")}
            </Button>
            <Button onClick={ask} loading={busy}>
              {t("coordinator_request")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
