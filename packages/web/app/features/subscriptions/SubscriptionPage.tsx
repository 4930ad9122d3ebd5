import { Alert, Anchor, Badge, Button, Container, Group, Modal, Pagination, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import { subscriptionsApi } from "@tianguis/domain/routes/subscriptions";
import { BILLING_PAGE_SIZE, type ChargeView, type SubscriptionView } from "@tianguis/domain/schemas/subscription";
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator, useSearchParams } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { notifyError, notifySuccess } from "../../ui/notify";
import { CardModal } from "./CardModal";
import { chargeStatusColor, useBillingFormat } from "./format";
import { SubscriptionPrompt } from "./SubscriptionPrompt";
import type { loadSubscriptionPage } from "./subscriptions.server";
import { PageHeader } from "../../ui/PageHeader";

type PageData = Awaited<ReturnType<typeof loadSubscriptionPage>>;

/**
 * /apps/me/suscripcion: the user's plan and subscription (state, trial end, next charge, card on file), the prompt's
 * offer, the 'Tarjeta Bancaria' modal, cancel, the bank's pending 3-D Secure link and the billing history with receipts.
 */
export function SubscriptionPage({ subscription, cards, charges, total, page, returnedCard, returnedCharge }: PageData) {
  const t = useT();
  const revalidator = useRevalidator();
  const [cardsOpen, setCardsOpen] = useState(false);
  useReturnFromBank(
    returnedCard,
    returnedCharge,
    cards.map((card) => card.id),
  );
  return (
    <Container size="md" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <PageHeader size="responsive" title={t("subscription_page_title")} />
        {subscription.url_3ds && (
          <Alert color="yellow" title={t("subscription_3ds_pending")}>
            <Button component="a" href={subscription.url_3ds} mt="xs" color="yellow" c="black">
              {t("subscription_confirm_3ds")}
            </Button>
          </Alert>
        )}
        <SubscriptionPrompt subscription={subscription} variant="block" onChanged={() => revalidator.revalidate()} />
        <CurrentPlan subscription={subscription} onCards={() => setCardsOpen(true)} />
        <BillingHistory charges={charges} total={total} page={page} />
      </Stack>
      <CardModal opened={cardsOpen} onClose={() => setCardsOpen(false)} />
    </Container>
  );
}

/** Back from the bank's 3-D Secure page: tell the user how the card set-up or the charge went, once. */
function useReturnFromBank(returnedCard: string | null, returnedCharge: string | null, cardIds: string[]) {
  const t = useT();
  const [, setSearch] = useSearchParams();
  const told = useRef(false);
  useEffect(() => {
    if (told.current || (!returnedCard && !returnedCharge)) return;
    told.current = true;
    if (returnedCard && cardIds.includes(returnedCard)) notifySuccess(t("success_title"), t("card_saved"));
    else if (returnedCard) notifyError(t("error_title"), null, t("card_declined"));
    else notifySuccess(t("success_title"), t("subscription_returned_3ds"));
    setSearch({}, { replace: true, preventScrollReset: true });
  }, [returnedCard, returnedCharge, cardIds, setSearch, t]);
}

function CurrentPlan({ subscription, onCards }: { subscription: SubscriptionView; onCards: () => void }) {
  const t = useT();
  const format = useBillingFormat();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const current = subscription.current_subscription;
  const plan = subscription.membership.plan;
  const live = current && (current.state === "in_trial" || current.state === "active" || current.state === "past_due");
  const cancel = async () => {
    setBusy(true);
    try {
      await api(subscriptionsApi.cancel);
      setConfirming(false);
      revalidator.revalidate();
    } catch (error) {
      notifyError(t("error_title"), error, t("generic_error"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t("subscription_current_plan")}
            </Text>
            <Title order={2} fz="h3">
              {plan.name}
            </Title>
          </Stack>
          <Badge
            size="lg"
            variant="light"
            color={current?.state === "past_due" ? "orange" : current?.state === "expired" ? "gray" : "teal"}
          >
            {format.state(subscription)}
          </Badge>
        </Group>
        {current?.state === "in_trial" && current.trial_ends_at && !current.canceled_at && (
          <Text>{t("subscription_trial_ends", { date: format.date(current.trial_ends_at) })}</Text>
        )}
        {(current?.state === "in_trial" || current?.state === "active") && !current.canceled_at && (
          <Text>
            {t("subscription_next_charge", {
              amount: format.money((current.pending_plan?.plan ?? current.current_plan).list_price, current.current_plan.currency),
              date: format.date(current.period_end),
            })}
          </Text>
        )}
        {live && current.canceled_at && <Text>{t("subscription_canceled_until", { date: format.date(current.period_end) })}</Text>}
        {current?.pending_plan && <Text>{t("subscription_pending_plan", { plan: current.pending_plan.plan.name })}</Text>}
        <Text size="sm" c="dimmed">
          {current?.card_last4
            ? t("subscription_card_on_file", { brand: (current.card_brand ?? "").toUpperCase(), last4: current.card_last4 })
            : t("subscription_no_card")}
        </Text>
        <Group gap="xs">
          <Button variant="light" onClick={onCards}>
            {t("subscription_manage_cards")}
          </Button>
          {live && !current.canceled_at && (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {t("subscription_cancel")}
            </Button>
          )}
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t("subscription_cancel")} centered>
        <Stack>
          <Text>{t("subscription_cancel_confirm", { date: format.date(current?.period_end ?? null) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("subscription_keep")}
            </Button>
            <Button color="red" onClick={cancel} loading={busy}>
              {t("subscription_cancel")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function BillingHistory({ charges, total, page }: { charges: ChargeView[]; total: number; page: number }) {
  const t = useT();
  const format = useBillingFormat();
  const [search, setSearch] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / BILLING_PAGE_SIZE));
  return (
    <Stack gap="sm" component="section" aria-labelledby="billing-history">
      <Title order={2} fz="h3" id="billing-history">
        {t("billing_history_title")}
      </Title>
      {charges.length === 0 ? (
        <EmptyState icon={<IconReceipt size={28} />} title={t("billing_empty")} text={t("card_modal_validation_note")} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("billing_date")}</Table.Th>
                <Table.Th>{t("billing_concept")}</Table.Th>
                <Table.Th ta="right">{t("billing_amount")}</Table.Th>
                <Table.Th>{t("billing_status")}</Table.Th>
                <Table.Th>{t("billing_receipt")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {charges.map((charge) => (
                <Table.Tr key={charge.id} data-testid="billing-row">
                  <Table.Td>{format.date(charge.paid_at ?? charge.created_at)}</Table.Td>
                  <Table.Td>{format.concept(charge)}</Table.Td>
                  <Table.Td ta="right">{format.money(charge.amount, charge.currency)}</Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Badge variant="light" color={chargeStatusColor[charge.status]} style={{ overflow: "visible" }}>
                        {format.status(charge)}
                      </Badge>
                      {charge.url_3ds && (
                        <Anchor href={charge.url_3ds} size="sm">
                          {t("subscription_confirm_3ds")}
                        </Anchor>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/apps/me/suscripcion/recibos/${charge.id}`} size="sm" style={{ whiteSpace: "nowrap" }}>
                      {charge.receipt_number}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={(next) => {
            const params = new URLSearchParams(search);
            params.set("pagina", String(next));
            setSearch(params);
          }}
        />
      )}
    </Stack>
  );
}
