import { Alert, Box, Button, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { hasMessage } from "@tianguis/domain/messages/index";
import { smsApi } from "@tianguis/domain/routes/sms";
import type { SmsPurchaseView } from "@tianguis/domain/schemas/sms";
import { useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useSandboxCardToken } from "../checkout/useSandboxCardToken";
import { useCommissionFormat } from "../commissions/format";

/** §9: the card provider's frame is 500 px tall. */
const CARD_FRAME_HEIGHT = 500;

/**
 * The payment of an SMS package purchase: the gateway's card frame, one charge per click (Idempotency-Key), 3-D Secure
 * when the card asks for it; once paid, the credits are in the balance above.
 */
export function SmsPayment({ purchase, shopName }: { purchase: SmsPurchaseView; shopName: string }) {
  const t = useT();
  const format = useCommissionFormat();
  const revalidator = useRevalidator();
  const [card, setCard] = useState<{ token: string; last4: string } | null>(null);
  const [frameKey, setFrameKey] = useState(0);
  const [error, setError] = useState<string | null>(purchase.last_failure ? t("package_payment_declined") : null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<string | null>(null);
  useSandboxCardToken(setCard);
  const back = `/me/sms/packages?tienda=${encodeURIComponent(purchase.shop_slug)}`;

  if (purchase.state === "paid") {
    return (
      <Paper withBorder radius="md" p="lg" role="status">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal">
            <IconCircleCheck size={36} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t("sms_paid_title")}
          </Title>
          <Text>{t("sms_paid_detail", { credits: purchase.package.credits, shop: shopName })}</Text>
          <Button component={Link} to={back} variant="light">
            {t("sms_title")}
          </Button>
        </Stack>
      </Paper>
    );
  }
  const amount = format.money(purchase.amount, purchase.currency);

  async function pay() {
    if (!card) return;
    setBusy(true);
    setError(null);
    attempt.current ??= crypto.randomUUID();
    try {
      const result = await api(smsApi.pay, {
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
        setError(result.code && hasMessage(result.code) ? t(result.code) : t("package_payment_declined"));
        setCard(null);
        setFrameKey((key) => key + 1);
      }
      await revalidator.revalidate();
    } catch (failure) {
      attempt.current = null;
      setError(failure instanceof ApiRequestError && failure.body.message ? failure.body.message : t("sms_buy_failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("sms_pay_title", { name: purchase.package.name })}
        </Title>
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
        <Group>
          <Button size="md" onClick={pay} loading={busy} disabled={!card}>
            {t("sms_pay_submit", { amount })}
          </Button>
          <Button component={Link} to={back} variant="subtle">
            {t("package_back")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
