import { ActionIcon, Avatar, Badge, Button, Group, Menu, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconDots, IconMail, IconPhone, IconRefresh, IconTrash, IconUserCog } from "@tabler/icons-react";
import { collaboratorsApi } from "@tianguis/domain/routes/collaborators";
import type { MessageCode } from "@tianguis/domain/messages/index";
import type { CollaboratorView } from "@tianguis/domain/schemas/collaborator";
import type { ShopRole } from "@tianguis/domain/schemas/shop";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { ProfileChoices } from "./ProfileChoices";
import { dateTimeFormat } from "../../lib/intl";

/** One collaborator: who, their profiles, whether they accepted, and the owner's actions (profiles, send again, remove). */
export function CollaboratorRow({
  slug,
  collaborator,
  profiles,
}: {
  slug: string;
  collaborator: CollaboratorView;
  profiles: { id: ShopRole; name: string }[];
}) {
  const t = useT();
  const locale = useLocale();
  const { run, busy } = useMutation();
  const [editing, edit] = useDisclosure(false);
  const [removing, remove] = useDisclosure(false);
  const [chosen, setChosen] = useState<ShopRole[]>(collaborator.profiles);
  const name = collaborator.full_name || collaborator.username;
  const params = { slug, id: collaborator.id };
  const pending = collaborator.state === "pending";
  const lastSent = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(collaborator.refresh));

  const save = async () => {
    if (await run(() => api(collaboratorsApi.update, { params, body: { profiles: chosen } }), { success: "collaborator_updated" }))
      edit.close();
  };
  const confirmRemove = async () => {
    if (await run(() => api(collaboratorsApi.remove, { params }), { success: "collaborator_removed" })) remove.close();
  };
  const refresh = () => run(() => api(collaboratorsApi.refresh, { params }), { success: "collaborator_refreshed" });

  return (
    <Group justify="space-between" wrap="nowrap" py="sm" gap="sm" align="flex-start">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
        <Avatar radius="xl" color="teal" aria-hidden>
          {collaborator.channel === "email" ? <IconMail size={18} /> : <IconPhone size={18} />}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={1}>
            {name}
          </Text>
          {collaborator.full_name && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {collaborator.username}
            </Text>
          )}
          <Group gap={6}>
            <Badge color={pending ? "indigo" : "teal"} variant="light">
              {t(pending ? "collaborator_state_pending" : "collaborator_state_accepted")}
            </Badge>
            {collaborator.profiles.map((profile) => (
              <Badge key={profile} variant="outline" color="gray">
                {t(`profile_${profile}` as MessageCode)}
              </Badge>
            ))}
          </Group>
          {pending && (
            <Text size="xs" c="dimmed">
              {t("collaborator_last_sent", { date: lastSent })}
            </Text>
          )}
        </Stack>
      </Group>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={t("collaborator_actions", { name })} loading={busy}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUserCog size={16} />} onClick={edit.open}>
            {t("collaborator_edit_profiles")}
          </Menu.Item>
          {pending && (
            <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => void refresh()}>
              {t("collaborator_refresh")}
            </Menu.Item>
          )}
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={remove.open}>
            {t("collaborator_remove")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={editing} onClose={edit.close} title={t("collaborator_edit_profiles")}>
        <Stack>
          <Text size="sm">{name}</Text>
          <ProfileChoices profiles={profiles} value={chosen} onChange={setChosen} />
          <Group justify="flex-end">
            <Button variant="default" onClick={edit.close}>
              {t("cancel")}
            </Button>
            <Button onClick={() => void save()} loading={busy} disabled={chosen.length === 0}>
              {t("collaborator_save")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={removing} onClose={remove.close} title={t("collaborator_remove")}>
        <Stack>
          <Text>{t("collaborator_remove_confirm", { name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={remove.close}>
              {t("cancel")}
            </Button>
            <Button color="red" onClick={() => void confirmRemove()} loading={busy}>
              {t("collaborator_remove")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
