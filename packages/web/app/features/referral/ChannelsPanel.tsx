import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconDots, IconPlus } from "@tabler/icons-react";
import { referralApi } from "@tianguis/domain/routes/referral";
import { formatMoney, toMinorUnits } from "@tianguis/domain/money";
import { type CampaignState, campaignStates } from "@tianguis/domain/rules/referral";
import type { ChannelView } from "@tianguis/domain/schemas/referral";
import { useEffect, useState } from "react";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { stateColors } from "./CampaignsPage";
import { DialogActions } from "../../ui/DialogActions";

interface ChannelFormValues {
  name: string;
  state: CampaignState;
  source_code: string;
  currency: string;
  /** Major units as typed ('1500.50'); sent as minor units. */
  budget: number | string;
  impressions: number | string;
}

const emptyChannel: ChannelFormValues = { name: "", state: "active", source_code: "", currency: "MXN", budget: "", impressions: "" };

/** The promoter's marketing channels (commerce-and-accounts §3 Channel): list, create, edit, delete. */
export function ChannelsPanel({ channels }: { channels: ChannelView[] }) {
  const t = useT();
  const locale = useLocale();
  const { run, busy } = useMutation();
  const [editing, setEditing] = useState<{ channel: ChannelView | null } | null>(null);
  const [deleting, setDeleting] = useState<ChannelView | null>(null);

  const save = (values: ChannelFormValues) => {
    const body = {
      name: values.name.trim(),
      state: values.state,
      source_code: values.source_code.trim(),
      currency: values.currency.trim().toUpperCase(),
      budget: toMinorUnits(Number(values.budget || 0).toFixed(2)),
      impressions: Math.trunc(Number(values.impressions || 0)),
    };
    const current = editing?.channel;
    return run(
      () => (current ? api(referralApi.updateChannel, { params: { id: current.id }, body }) : api(referralApi.createChannel, { body })),
      { success: current ? "channel_updated" : "channel_created", failure: "try_again_error", onSuccess: () => setEditing(null) },
    );
  };
  const remove = (channel: ChannelView) =>
    run(() => api(referralApi.deleteChannel, { params: { id: channel.id } }), {
      success: "channel_deleted",
      failure: "try_again_error",
      onSuccess: () => setDeleting(null),
    });

  return (
    <Stack gap="md" mt="xl">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          {t("channels")}
        </Title>
        <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => setEditing({ channel: null })}>
          {t("channel_new")}
        </Button>
      </Group>
      {channels.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text ta="center" c="dimmed">
            {t("channels_empty")}
          </Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("campaign_name")}</Table.Th>
                <Table.Th>{t("campaign_state")}</Table.Th>
                <Table.Th>{t("channel_source_code")}</Table.Th>
                <Table.Th ta="right">{t("channel_budget")}</Table.Th>
                <Table.Th ta="right">{t("channel_impressions")}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t("actions")}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {channels.map((channel) => (
                <Table.Tr key={channel.id}>
                  <Table.Td>{channel.name}</Table.Td>
                  <Table.Td>
                    <Badge color={stateColors[channel.state]} variant="light">
                      {t(`campaign_state_${channel.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ff="monospace">{channel.source_code}</Table.Td>
                  <Table.Td ta="right">{formatMoney({ amount: channel.budget, currency: channel.currency }, locale)}</Table.Td>
                  <Table.Td ta="right">{channel.impressions.toLocaleString(locale === "en" ? "en-US" : "es-MX")}</Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={t("channel_actions", { name: channel.name })} disabled={busy}>
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => setEditing({ channel })}>{t("edit")}</Menu.Item>
                        <Menu.Item color="red" onClick={() => setDeleting(channel)}>
                          {t("delete")}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ChannelForm
        opened={editing !== null}
        channel={editing?.channel ?? null}
        busy={busy}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t("delete")} centered>
        <Stack>
          <Text>{t("channel_delete_confirm", { name: deleting?.name ?? "" })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t("cancel")}
            </Button>
            <Button color="red" loading={busy} onClick={() => deleting && remove(deleting)}>
              {t("delete")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function ChannelForm({
  opened,
  channel,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  channel: ChannelView | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: ChannelFormValues) => unknown;
}) {
  const t = useT();
  const [values, setValues] = useState<ChannelFormValues>(emptyChannel);
  const [nameError, setNameError] = useState<string | undefined>();
  useEffect(() => {
    if (!opened) return;
    setNameError(undefined);
    setValues(
      channel
        ? {
            name: channel.name,
            state: channel.state,
            source_code: channel.source_code,
            currency: channel.currency,
            budget: channel.budget / 100,
            impressions: channel.impressions,
          }
        : emptyChannel,
    );
  }, [opened, channel]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) return setNameError(t("required"));
    onSubmit(values);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t(channel ? "channel_edit" : "channel_new")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("campaign_name")}
            value={values.name}
            maxLength={100}
            required
            data-autofocus
            error={nameError}
            onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
          />
          <Select
            label={t("campaign_state")}
            value={values.state}
            allowDeselect={false}
            data={campaignStates.map((state) => ({ value: state, label: t(`campaign_state_${state}`) }))}
            onChange={(state) => state && setValues({ ...values, state: state as CampaignState })}
          />
          <TextInput
            label={t("channel_source_code")}
            value={values.source_code}
            maxLength={100}
            onChange={(event) => setValues({ ...values, source_code: event.currentTarget.value })}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t("channel_currency")}
              value={values.currency}
              maxLength={3}
              onChange={(event) => setValues({ ...values, currency: event.currentTarget.value.toUpperCase() })}
            />
            <NumberInput
              label={t("channel_budget")}
              value={values.budget}
              min={0}
              decimalScale={2}
              fixedDecimalScale
              thousandSeparator=","
              onChange={(budget) => setValues({ ...values, budget })}
            />
          </Group>
          <NumberInput
            label={t("channel_impressions")}
            value={values.impressions}
            min={0}
            allowDecimal={false}
            onChange={(impressions) => setValues({ ...values, impressions })}
          />
          <DialogActions mt="sm" cancelLabel={t("cancel")} onCancel={onClose} confirmLabel={t("save")} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
