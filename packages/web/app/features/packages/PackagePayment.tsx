import { Alert, Box, Button, Container, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { packagesApi } from "@tianguis/domain/routes/packages";
import { formatMoney } from "@tianguis/domain/money";
import { hasMessage } from "@tianguis/domain/messages/index";
import type { PackagePurchaseView } from "@tianguis/domain/schemas/package";
import { useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { ApiRequestError, api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { formatDate } from "./format";
import { useSandboxCardToken } from "../checkout/useSandboxCardToken";

/** §9: the card provider's frame is 500 px tall. */
const CARD_FRAME_HEIGHT = 500;

function PaidCard({ purchase }: { purchase: PackagePurchaseView }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Paper withBorder radius="md" p="xl" role="status">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="teal">
          <IconCircleCheck size={40} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t("package_paid_title")}
        </Title>
        <Text>
          {purchase.package.name} ·{" "}
          {purchase.valid_until ? t("package_paid_until", { date: formatDate(purchase.valid_until, locale) }) : null}
        </Text>
        <Group justify="center">
          <Button component={Link} to="/asistentes/emprendedores">
            {t("package_go_assistants")}
          </Button>
          <Button component={Link} to="/apps/paquetes" variant="light">
            {t("package_back")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The payment page of a package purchase (reached from /me/payments/{payment_token}): the gateway's card frame, then
 * one charge (Idempotency-Key per card), 3-D Secure when the card asks for it; paid shows until when the package runs.
 */
export function PackagePayment({ purchase }: { purchase: PackagePurchaseView }) {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [card, setCard] = useState<{ token: string; last4: string } | null>(null);
  const [frameKey, setFrameKey] = useState(0);
  const [error, setError] = useState<string | null>(purchase.last_failure ? t("package_payment_declined") : null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<string | null>(null);

  useSandboxCardToken(setCard);

  if (purchase.state === "paid") return <PaidCard purchase={purchase} />;
  const amount = formatMoney({ amount: purchase.amount, currency: purchase.currency }, locale);

  async function pay() {
    if (!card) return;
    setBusy(true);
    setError(null);
    attempt.current ??= crypto.randomUUID();
    try {
      const result = await api(packagesApi.pay, {
        params: { token: purchase.payment_token },
        body: { card_token: card.token },
        headers: { "idempotency-key": attempt.current },
      });
      attempt.current = null;
      if (result.status === "requires_action" && result.next_action) {
        window.location.assign(result.next_action.redirect_to_url.url);
        return;
      }
      if (result.status === "failed") {
        // The card token is spent: a fresh frame for another try.
        setError(result.code && hasMessage(result.code) ? t(result.code) : t("package_payment_declined"));
        setCard(null);
        setFrameKey((key) => key + 1);
      }
      await revalidator.revalidate();
    } catch (failure) {
      attempt.current = null;
      setError(failure instanceof ApiRequestError && failure.body.message ? failure.body.message : t("package_buy_failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t("package_pay_title", { name: purchase.package.name })}
          </Title>
          <Group justify="space-between">
            <Text c="dimmed">{t("package_validity")}</Text>
            <Text fw={500}>
              {purchase.package.months === 1 ? t("package_one_month") : t("package_months", { months: purchase.package.months })}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">{t("package_total")}</Text>
            <Text fw={700} fz="xl">
              {amount}
            </Text>
          </Group>
          <Divider />
          <Text size="sm">{t("package_pay_intro")}</Text>
          <Box>
            <iframe
              key={frameKey}
              src="/sandbox-pay/card"
              title={t("package_card_frame")}
              style={{ width: "100%", height: CARD_FRAME_HEIGHT, border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
            />
            {card && (
              <Text size="sm" c="teal.9" role="status">
                {t("package_card_ready", { last4: card.last4 })}
              </Text>
            )}
          </Box>
          {error && (
            <Alert color="red" role="alert" title={t("package_payment_error_title")}>
              {error}
            </Alert>
          )}
          <Button size="md" onClick={pay} loading={busy} disabled={!card}>
            {t("package_pay_submit", { amount })}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
