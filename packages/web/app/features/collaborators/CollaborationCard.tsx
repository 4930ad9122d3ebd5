import { Avatar, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { collaboratorsApi } from "@tianguis/domain/routes/collaborators";
import type { MessageCode } from "@tianguis/domain/messages/index";
import type { CollaborationView } from "@tianguis/domain/schemas/collaborator";
import { Link } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { notifySuccess } from "../../ui/notify";
import { useMutation } from "../../ui/useMutation";

/** A store one collaborates with (photo, name, profiles, a link into its admin) or is invited to (accept, decline). */
export function CollaborationCard({ collaboration }: { collaboration: CollaborationView }) {
  const t = useT();
  const { run, busy } = useMutation();
  const pending = collaboration.state === "pending";
  const accept = () =>
    run(() => api(collaboratorsApi.accept, { params: { id: collaboration.id } }), {
      onSuccess: () => notifySuccess(t("success_title"), t("collaboration_accepted", { shop: collaboration.store_name })),
    });
  const decline = () =>
    run(() => api(collaboratorsApi.decline, { params: { id: collaboration.id } }), { success: "collaboration_declined" });
  return (
    <Group justify="space-between" py="sm" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={collaboration.store_photo} radius="md" alt="" color="teal">
          <IconBuildingStore size={20} />
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={1}>
            {collaboration.store_name}
          </Text>
          <Group gap={6}>
            {collaboration.profiles.map((profile) => (
              <Badge key={profile} variant="outline" color="gray">
                {t(`profile_${profile}` as MessageCode)}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Group>
      {pending ? (
        <Group gap="xs">
          <Button variant="default" onClick={() => void decline()} loading={busy}>
            {t("collaboration_decline")}
          </Button>
          <Button onClick={() => void accept()} loading={busy}>
            {t("collaboration_accept")}
          </Button>
        </Group>
      ) : (
        <Button component={Link} to={collaboration.admin_url} variant="light">
          {t("collaboration_open_admin", { shop: collaboration.store_name })}
        </Button>
      )}
    </Group>
  );
}
