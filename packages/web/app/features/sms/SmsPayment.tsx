import { Button, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { smsApi } from "@tianguis/domain/routes/sms";
import type { SmsPurchaseView } from "@tianguis/domain/schemas/sms";
import { Link } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { CardChargeFrame, useCardCharge } from "../checkout/CardCharge";
import { useCommissionFormat } from "../commissions/format";

/**
 * The payment of an SMS package purchase: the gateway's card frame, one charge per click (Idempotency-Key), 3-D Secure
 * when the card asks for it; once paid, the credits are in the balance above.
 */
export function SmsPayment({ purchase, shopName }: { purchase: SmsPurchaseView; shopName: string }) {
  const t = useT();
  const format = useCommissionFormat();
  const charge = useCardCharge(
    (cardToken, key) =>
      api(smsApi.pay, { params: { token: purchase.payment_token }, body: { card_token: cardToken }, headers: { "idempotency-key": key } }),
    { lastFailed: !!purchase.last_failure, failedText: "sms_buy_failed" },
  );
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
        <CardChargeFrame charge={charge} />
        <Group>
          <Button size="md" onClick={charge.pay} loading={charge.busy} disabled={!charge.card}>
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
