import { Button, Container, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { packagesApi } from "@tianguis/domain/routes/packages";
import { formatMoney } from "@tianguis/domain/money";
import type { PackagePurchaseView } from "@tianguis/domain/schemas/package";
import { Link } from "react-router";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { formatDate } from "./format";
import { CardChargeFrame, useCardCharge } from "../checkout/CardCharge";

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
  const charge = useCardCharge(
    (cardToken, key) =>
      api(packagesApi.pay, {
        params: { token: purchase.payment_token },
        body: { card_token: cardToken },
        headers: { "idempotency-key": key },
      }),
    { lastFailed: !!purchase.last_failure, failedText: "package_buy_failed" },
  );

  if (purchase.state === "paid") return <PaidCard purchase={purchase} />;
  const amount = formatMoney({ amount: purchase.amount, currency: purchase.currency }, locale);

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
          <CardChargeFrame charge={charge} />
          <Button size="md" onClick={charge.pay} loading={charge.busy} disabled={!charge.card}>
            {t("package_pay_submit", { amount })}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
