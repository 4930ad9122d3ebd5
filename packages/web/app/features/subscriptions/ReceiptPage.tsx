import { Anchor, Badge, Button, Container, Divider, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconPrinter } from "@tabler/icons-react";
import type { ChargeView } from "@tianguis/domain/schemas/subscription";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { chargeStatusColor, useBillingFormat } from "./format";

/** A charge's receipt, printable (the browser's print to PDF): number, concept, period, amount, status, card. */
export function ReceiptPage({ charge }: { charge: ChargeView }) {
  const t = useT();
  const format = useBillingFormat();
  const rows: [string, string][] = [
    [t("billing_concept"), format.concept(charge)],
    [t("billing_amount"), format.money(charge.amount, charge.currency)],
    [t("billing_date"), format.date(charge.created_at)],
  ];
  if (charge.paid_at) rows.push([t("billing_status"), t("receipt_paid_at", { date: format.date(charge.paid_at) })]);
  if (charge.card_last4)
    rows.push([
      t("subscription_manage_cards"),
      t("receipt_card", { brand: (charge.card_brand ?? "").toUpperCase(), last4: charge.card_last4 }),
    ]);
  return (
    <Container size="sm" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="md">
        <Group justify="space-between">
          <Anchor component={Link} to="/apps/me/suscripcion">
            {t("receipt_back")}
          </Anchor>
          <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t("receipt_print")}
          </Button>
        </Group>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={1} fz="h2">
                {t("receipt_title", { number: charge.receipt_number })}
              </Title>
              <Badge variant="light" color={chargeStatusColor[charge.status]}>
                {format.status(charge)}
              </Badge>
            </Group>
            <Text c="dimmed">Tianguis</Text>
            <Divider />
            <Table>
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w="40%">{label}</Table.Th>
                    <Table.Td>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
