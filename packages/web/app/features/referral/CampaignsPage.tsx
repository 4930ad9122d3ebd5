import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Menu,
  Modal,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconCheck, IconCopy, IconDots, IconInfoCircle, IconPlus, IconSearch } from "@tabler/icons-react";
import { referralApi } from "@tianguis/domain/routes/referral";
import type { CampaignState } from "@tianguis/domain/rules/referral";
import { campaignSorts } from "@tianguis/domain/schemas/referral";
import type { CampaignView } from "@tianguis/domain/schemas/referral";
import { useState } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import { ApiRequestError, api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { CampaignForm, type CampaignFormValues } from "./CampaignForm";
import { useAbsoluteUrl } from "./useAbsoluteUrl";
import { DialogActions } from "../../ui/DialogActions";
import { dateTimeFormat } from "../../lib/intl";

export const stateColors: Record<CampaignState, string> = { active: "teal", paused: "yellow", finished: "gray" };
const sortLabels = {
  "-created_at": "campaigns_sort_newest",
  created_at: "campaigns_sort_oldest",
  name: "campaigns_sort_name",
  "-name": "campaigns_sort_name_desc",
} as const;

export interface CampaignFilters {
  text: string;
  start_date: string;
  end_date: string;
  sort: (typeof campaignSorts)[number];
  page: number;
}

/** /apps/me/referral/campaigns: search and date filters in the URL, create/edit/pause/finish/delete, links and counts. */
export function CampaignsPage({
  filters,
  campaigns,
  perPage,
}: {
  filters: CampaignFilters;
  campaigns: { results: CampaignView[]; matches_estimated: number };
  perPage: number;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { run, busy } = useMutation();
  const [editing, setEditing] = useState<{ campaign: CampaignView | null } | null>(null);
  const [deleting, setDeleting] = useState<CampaignView | null>(null);
  const filtered = Boolean(filters.text || filters.start_date || filters.end_date);
  const pages = Math.max(1, Math.ceil(campaigns.matches_estimated / perPage));

  const save = async (values: CampaignFormValues) => {
    let failure: unknown = null;
    const current = editing?.campaign;
    await run(
      () =>
        current
          ? api(referralApi.updateCampaign, { params: { id: current.id }, body: values })
          : api(referralApi.createCampaign, { body: { ...values, state: "active" } }),
      {
        success: current ? "campaign_updated" : "campaign_created",
        failure: "try_again_error",
        onSuccess: () => setEditing(null),
        onError: (error) => {
          failure = error;
          // Field errors show on the form's fields instead of a toast.
          return error instanceof ApiRequestError && Boolean(error.body.field_codes);
        },
      },
    );
    return failure;
  };
  const changeState = (campaign: CampaignView, state: CampaignState) =>
    run(() => api(referralApi.updateCampaign, { params: { id: campaign.id }, body: { state } }), {
      success: "campaign_updated",
      failure: "try_again_error",
    });
  const remove = (campaign: CampaignView) =>
    run(() => api(referralApi.deleteCampaign, { params: { id: campaign.id } }), {
      success: "campaign_deleted",
      failure: "try_again_error",
      onSuccess: () => setDeleting(null),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="h3">
          {t("referral_campaigns")}
        </Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ campaign: null })}>
          {t("campaign_new")}
        </Button>
      </Group>

      <Form method="get" role="search" aria-label={t("campaigns_search")}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <TextInput name="text" label={t("campaigns_search")} defaultValue={filters.text} leftSection={<IconSearch size={16} />} />
          <TextInput name="start_date" type="date" label={t("campaigns_from")} defaultValue={filters.start_date} />
          <TextInput name="end_date" type="date" label={t("campaigns_until")} defaultValue={filters.end_date} />
          <Select
            name="sort"
            label={t("campaigns_sort")}
            defaultValue={filters.sort}
            allowDeselect={false}
            data={campaignSorts.map((value) => ({ value, label: t(sortLabels[value]) }))}
          />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Button type="submit" variant="light">
              {t("campaigns_apply")}
            </Button>
            {filtered && (
              <Button component={Link} to="?" variant="subtle">
                {t("campaigns_clear")}
              </Button>
            )}
          </Group>
        </SimpleGrid>
      </Form>

      <Text size="sm" c="dimmed" aria-live="polite">
        {t(campaigns.matches_estimated === 1 ? "campaigns_count_one" : "campaigns_count", { count: campaigns.matches_estimated })}
      </Text>

      {campaigns.results.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center" c="dimmed">
            {t(filtered ? "campaigns_none_match" : "campaigns_empty")}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {campaigns.results.map((campaign) => (
            <CampaignRow
              key={campaign.id}
              campaign={campaign}
              busy={busy}
              onEdit={() => setEditing({ campaign })}
              onState={(state) => changeState(campaign, state)}
              onDelete={() => setDeleting(campaign)}
            />
          ))}
        </Stack>
      )}

      {pages > 1 && (
        <Pagination
          total={pages}
          value={filters.page}
          onChange={(page) => {
            const next = new URLSearchParams(searchParams);
            next.set("page", String(page));
            navigate(`?${next}`);
          }}
          getControlProps={(control) => ({ "aria-label": control })}
        />
      )}

      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
        {t("campaign_paused_note")}
      </Alert>

      <CampaignForm
        opened={editing !== null}
        campaign={editing?.campaign ?? null}
        busy={busy}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t("campaign_delete")} centered>
        <Stack>
          <Text>{t("campaign_delete_confirm", { name: deleting?.name ?? "" })}</Text>
          <DialogActions
            cancelLabel={t("cancel")}
            onCancel={() => setDeleting(null)}
            confirmLabel={t("campaign_delete")}
            onConfirm={() => deleting && remove(deleting)}
            busy={busy}
            color="red"
          />
        </Stack>
      </Modal>
    </Stack>
  );
}

function CampaignRow({
  campaign,
  busy,
  onEdit,
  onState,
  onDelete,
}: {
  campaign: CampaignView;
  busy: boolean;
  onEdit: () => void;
  onState: (state: CampaignState) => void;
  onDelete: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const link = useAbsoluteUrl(campaign.encoded_mkt_url);
  const created = dateTimeFormat(locale === "en" ? "en-US" : locale === "es-AR" ? "es-AR" : "es-MX", {
    dateStyle: "medium",
  }).format(new Date(campaign.created_at));
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="campaign-row" aria-label={campaign.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {campaign.name}
            </Text>
            <Badge color={stateColors[campaign.state]} variant="light">
              {t(`campaign_state_${campaign.state}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            <Link to={campaign.url}>{campaign.url}</Link>
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
              {link}
            </Text>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t("link_copied") : t("copy_link")} withArrow>
                  <ActionIcon variant="subtle" onClick={copy} aria-label={t("copy_link")}>
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Group gap="lg" mt={4}>
            <Text size="sm" data-testid="campaign-clicks">
              {t("campaign_clicks")}: <b>{campaign.clicks}</b>
            </Text>
            <Text size="sm" data-testid="campaign-purchases">
              {t("campaign_purchases")}: <b>{campaign.purchases}</b>
            </Text>
            <Text size="sm" c="dimmed">
              {t("campaign_created_at")}: {created}
            </Text>
          </Group>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t("campaign_actions", { name: campaign.name })} disabled={busy}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onEdit}>{t("edit")}</Menu.Item>
            {campaign.state === "active" && <Menu.Item onClick={() => onState("paused")}>{t("campaign_pause")}</Menu.Item>}
            {campaign.state !== "active" && <Menu.Item onClick={() => onState("active")}>{t("campaign_resume")}</Menu.Item>}
            {campaign.state !== "finished" && <Menu.Item onClick={() => onState("finished")}>{t("campaign_finish")}</Menu.Item>}
            <Menu.Divider />
            <Menu.Item color="red" onClick={onDelete}>
              {t("campaign_delete")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
