import { Anchor, Badge, Button, Container, Group, Modal, Pagination, Paper, Stack, Text, Title } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { accountsApi } from "@tianguis/domain/routes/accounts";
import { COORDINATOR_REASON_MAX, COORDINATOR_REQUESTS_PAGE, type CoordinatorRequestView } from "@tianguis/domain/schemas/accounts";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { dateTimeFormat } from "../../lib/intl";
import { DialogActions } from "../../ui/DialogActions";
import { EmptyState } from "../../ui/EmptyState";
import { PlatformNav } from "../../ui/PlatformNav";
import { ReasonField } from "../../ui/ReasonField";
import { notifySuccess } from "../../ui/notify";
import { useMutation } from "../../ui/useMutation";
import type { CoordinatorRequestsData } from "./coordinator-requests.server";

const REASON_MIN = 3;

type Answer = "grant" | "refuse";

/** Grant (a confirmation) or refuse (a required reason the requester reads) one request. */
function AnswerDialog({ request, answer, onClose }: { request: CoordinatorRequestView; answer: Answer; onClose: () => void }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const name = request.full_name || request.username;
  const params = { userId: request.user_id };
  const submit = async () => {
    if (answer === "refuse" && reason.trim().length < REASON_MIN) return setError(t("platform_coordinator_reason_short"));
    const call = () =>
      answer === "grant"
        ? api(accountsApi.grantCoordinator, { params })
        : api(accountsApi.refuseCoordinator, { params, body: { reason: reason.trim() } });
    const done = await run(call, {
      onSuccess: () =>
        notifySuccess(
          t("success_title"),
          answer === "grant" ? t("platform_coordinator_granted", { name }) : t("platform_coordinator_refused"),
        ),
    });
    if (done) onClose();
  };
  const grant = answer === "grant";
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(grant ? "platform_coordinator_grant_title" : "platform_coordinator_refuse_title", { name })}
      centered
    >
      <Stack gap="sm">
        {grant ? (
          <Text size="sm">{t("platform_coordinator_grant_text", { name })}</Text>
        ) : (
          <ReasonField
            label={t("platform_coordinator_reason")}
            value={reason}
            onChange={(value) => {
              setReason(value);
              setError(null);
            }}
            error={error}
            max={COORDINATOR_REASON_MAX}
          />
        )}
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={onClose}
          confirmLabel={t(grant ? "platform_coordinator_grant" : "platform_coordinator_refuse")}
          onConfirm={() => void submit()}
          busy={busy}
          color={grant ? "teal" : "red"}
        />
      </Stack>
    </Modal>
  );
}

function RequestRow({ request, onAnswer }: { request: CoordinatorRequestView; onAnswer: (answer: Answer) => void }) {
  const t = useT();
  const locale = useLocale();
  const name = request.full_name || request.username;
  const asked = dateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(request.requested_at));
  return (
    <Paper withBorder p="md" radius="md" component="li" data-testid="coordinator-request" data-user={request.username}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 16rem" }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{name}</Text>
            <Badge variant="light">{t(`user_level_${Math.max(0, Math.min(request.user_level, 3)) as 0 | 1 | 2 | 3}`)}</Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {request.username} · {t("platform_coordinator_requested", { date: asked })}
          </Text>
          {request.shop ? (
            <Anchor component={Link} to={`/tienda/${request.shop.slug}`} size="sm">
              {request.shop.name}
            </Anchor>
          ) : (
            <Text size="sm">{t("platform_coordinator_no_shop")}</Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button size="xs" color="teal" onClick={() => onAnswer("grant")} aria-label={`${t("platform_coordinator_grant")} ${name}`}>
            {t("platform_coordinator_grant")}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => onAnswer("refuse")}
            aria-label={`${t("platform_coordinator_refuse")} ${name}`}
          >
            {t("platform_coordinator_refuse")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** /plataforma/coordinadores: pending requests to coordinate, oldest first; each is granted or refused with a reason. */
export function CoordinatorRequestsPage({ data }: { data: CoordinatorRequestsData }) {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const [answering, setAnswering] = useState<{ request: CoordinatorRequestView; answer: Answer } | null>(null);
  if (data.forbidden) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} mb="md">
          {t("platform_admin")}
        </Title>
        <Text role="alert">{t("platform_forbidden")}</Text>
      </Container>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / COORDINATOR_REQUESTS_PAGE));
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <PlatformNav />
        <Title order={1}>{t("platform_coordinators_title")}</Title>
        {data.requests.length === 0 ? (
          <EmptyState
            icon={<IconUsersGroup size={28} />}
            title={t("platform_coordinators_empty")}
            text={t("platform_coordinators_empty_text")}
          />
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("platform_coordinators_title")}>
            {data.requests.map((request) => (
              <RequestRow key={request.user_id} request={request} onAnswer={(answer) => setAnswering({ request, answer })} />
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={data.page}
            onChange={(next) => {
              const params = new URLSearchParams(search);
              params.set("page", String(next));
              setSearch(params);
            }}
          />
        )}
      </Stack>
      {answering && <AnswerDialog request={answering.request} answer={answering.answer} onClose={() => setAnswering(null)} />}
    </Container>
  );
}
