import { Anchor, Badge, Button, Container, Group, Modal, Pagination, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconReceipt } from "@tabler/icons-react";
import { subscriptionsApi } from "@tianguis/domain/routes/subscriptions";
import { isRefundableCharge, refundEndsSubscription } from "@tianguis/domain/rules/subscription";
import { BILLING_PAGE_SIZE, type ChargeView, type ShopSubscriptionView } from "@tianguis/domain/schemas/subscription";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { DialogActions } from "../../ui/DialogActions";
import { EmptyState } from "../../ui/EmptyState";
import { ReasonField } from "../../ui/ReasonField";
import { notifySuccess } from "../../ui/notify";
import { useMutation } from "../../ui/useMutation";
import { cardLabel, chargeStatusColor, useBillingFormat } from "./format";
import type { ShopSubscriptionData } from "./shop-subscription.server";

const REASON_MIN = 3;
const REASON_MAX = 200;

/**
 * The confirmation of a refund names the amount and what follows (issue 30 §4): the money back to the card, the
 * subscription ended when the charge paid the running period, the promoter's 15 % reversed. The reason is required.
 */
function RefundDialog({ view, charge, onClose }: { view: ShopSubscriptionView; charge: ChargeView; onClose: () => void }) {
  const t = useT();
  const format = useBillingFormat();
  const { run, busy } = useMutation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const amount = format.money(charge.amount, charge.currency);
  const owner = view.shop.owner_name;
  const card = charge.card_last4 ? cardLabel(charge.card_brand, charge.card_last4) : "";
  const ends = refundEndsSubscription(charge, view.subscription);
  const submit = async () => {
    if (reason.trim().length < REASON_MIN) return setError(t("platform_refund_reason_short"));
    const done = await run(() => api(subscriptionsApi.refundCharge, { params: { id: charge.id }, body: { reason: reason.trim() } }), {
      onSuccess: () => notifySuccess(t("success_title"), t("platform_refund_done", { amount, owner })),
    });
    if (done) onClose();
  };
  return (
    <Modal opened onClose={onClose} title={t("platform_refund_title", { amount })} centered>
      <Stack gap="sm">
        <Text size="sm">
          {t("platform_refund_money", { amount, card, owner, from: format.date(charge.period_start), to: format.date(charge.period_end) })}
        </Text>
        <Text size="sm" fw={ends ? 600 : undefined}>
          {t(ends ? "platform_refund_running" : "platform_refund_past")}
        </Text>
        <Text size="sm">{t("platform_refund_commission")}</Text>
        <ReasonField
          label={t("platform_refund_reason")}
          hint={t("platform_refund_reason_hint")}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
          error={error}
          max={REASON_MAX}
          minRows={2}
        />
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={onClose}
          confirmLabel={t("platform_refund_title", { amount })}
          onConfirm={() => void submit()}
          busy={busy}
          color="red"
        />
      </Stack>
    </Modal>
  );
}

function ChargeRow({ charge, onRefund }: { charge: ChargeView; onRefund: () => void }) {
  const t = useT();
  const format = useBillingFormat();
  return (
    <Paper withBorder p="md" radius="md" component="li" data-testid="subscription-charge" data-receipt={charge.receipt_number}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 14rem" }}>
          <Text fw={600}>{format.concept(charge)}</Text>
          <Text size="xs" c="dimmed">
            {charge.receipt_number} · {format.date(charge.paid_at ?? charge.created_at)}
            {charge.card_last4 ? ` · ${cardLabel(charge.card_brand, charge.card_last4)}` : ""}
          </Text>
        </Stack>
        <Stack gap={6} align="flex-end">
          <Text fw={700}>{format.money(charge.amount, charge.currency)}</Text>
          <Badge variant="light" color={chargeStatusColor[charge.status]} style={{ overflow: "visible" }}>
            {format.status(charge)}
          </Badge>
        </Stack>
      </Group>
      {isRefundableCharge(charge) && (
        <Group justify="flex-end" mt="xs">
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={onRefund}
            aria-label={`${t("platform_refund_action")} ${charge.receipt_number}`}
          >
            {t("platform_refund_action")}
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function SubscriptionSummary({ view }: { view: ShopSubscriptionView }) {
  const t = useT();
  const format = useBillingFormat();
  const { subscription } = view;
  if (!subscription) return <Text>{t("platform_subscription_none", { owner: view.shop.owner_name })}</Text>;
  const expired = subscription.state === "expired";
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t("platform_subscription_summary")}>
      <Group gap="sm" wrap="wrap">
        <Text fw={700}>{subscription.plan.name}</Text>
        <Badge color={expired ? "gray" : subscription.state === "past_due" ? "orange" : "teal"} variant="light">
          {t(`subscription_state_${subscription.state}`)}
        </Badge>
      </Group>
      {!expired && (
        <Text size="sm" mt={4}>
          {t("platform_subscription_period", { from: format.date(subscription.period_start), to: format.date(subscription.period_end) })}
        </Text>
      )}
    </Paper>
  );
}

/** /plataforma/tiendas/{slug}/suscripcion: the shop owner's subscription and charges; a paid monthly one can be refunded. */
export function ShopSubscriptionPage({ data }: { data: ShopSubscriptionData }) {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const [refunding, setRefunding] = useState<ChargeView | null>(null);
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
  const { view, page } = data;
  const pages = Math.max(1, Math.ceil(view.matches_estimated / BILLING_PAGE_SIZE));
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to="/plataforma/tiendas" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t("platform_subscription_back")}
          </Group>
        </Anchor>
        <Stack gap={2}>
          <Title order={1}>{t("platform_subscription_title", { shop: view.shop.name })}</Title>
          <Text size="sm" c="dimmed">
            /tienda/{view.shop.slug} · {t("platform_subscription_owner", { owner: view.shop.owner_name })}
          </Text>
        </Stack>
        <SubscriptionSummary view={view} />
        <Title order={2} fz="h3">
          {t("platform_charges_title")}
        </Title>
        {view.results.length === 0 ? (
          <EmptyState icon={<IconReceipt size={28} />} title={t("platform_charges_empty")} text={t("platform_charges_empty_text")} />
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("platform_charges_title")}>
            {view.results.map((charge) => (
              <ChargeRow key={`${charge.id}:${charge.status}`} charge={charge} onRefund={() => setRefunding(charge)} />
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={(next) => {
              const params = new URLSearchParams(search);
              params.set("page", String(next));
              setSearch(params);
            }}
          />
        )}
      </Stack>
      {refunding && <RefundDialog view={view} charge={refunding} onClose={() => setRefunding(null)} />}
    </Container>
  );
}
