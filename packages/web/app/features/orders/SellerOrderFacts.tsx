import { Alert, Anchor, Avatar, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconPackage } from "@tabler/icons-react";
import { messageCode } from "@tianguis/domain/messages/index";
import { addressLine } from "@tianguis/domain/schemas/address";
import type { SellerOrderView } from "@tianguis/domain/schemas/order";
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { deliveryLabels, useOrderFormat } from "./seller-format";

/** The purchase-order concepts of one order (spec §3), each group in its own titled box. */

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h5" mb="xs" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** One label and value of a section; nothing when the value is empty. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py={2}>
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} ta="right" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Group>
  );
}

export function Facts({ children }: { children: ReactNode }) {
  return (
    <Stack component="dl" gap={0} m={0}>
      {children}
    </Stack>
  );
}

export function SellerOrderItems({ order }: { order: SellerOrderView }) {
  const t = useT();
  const format = useOrderFormat();
  const money = (amount: number) => format.money(amount, order.currency);
  return (
    <Section id="order-items" title={t("order_items")}>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {order.items.map((item) => (
          <Group key={item.id} component="li" wrap="nowrap" gap="sm" align="center">
            <Avatar src={item.photo} alt="" radius="sm" size={56}>
              <IconPackage size={24} />
            </Avatar>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={2}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed">
                {item.quantity} × {money(item.unit_price)}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
              {money(item.total)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Table mt="md" withRowBorders={false} verticalSpacing={4} aria-label={t("order_totals")}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th fw={400} c="dimmed" scope="row">
              {t("subtotal")}
            </Table.Th>
            <Table.Td ta="right">{money(order.subtotal)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th fw={400} c="dimmed" scope="row">
              {t("order_shipping_cost")}
            </Table.Th>
            <Table.Td ta="right">{money(order.shipping_cost)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t("total")}</Table.Th>
            <Table.Td ta="right" fw={700}>
              {money(order.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Section>
  );
}

export function SellerOrderCustomer({ order }: { order: SellerOrderView }) {
  const t = useT();
  const address = order.address;
  return (
    <Section id="order-customer" title={t("order_customer")}>
      <Facts>
        <Fact label={t("full_name")}>{order.customer_name ?? t("order_guest")}</Fact>
        <Fact label={t("email")}>
          {order.customer_email && <Anchor href={`mailto:${order.customer_email}`}>{order.customer_email}</Anchor>}
        </Fact>
        <Fact label={t("phone")}>
          {order.customer_phone && <Anchor href={`tel:${order.customer_phone}`}>{order.customer_phone}</Anchor>}
        </Fact>
        <Fact label={t("order_delivery")}>{t(deliveryLabels[order.delivery_type])}</Fact>
        {address && (
          <>
            <Fact label={t("order_receives")}>{address.address_name}</Fact>
            <Fact label={t("order_address")}>{addressLine(address)}</Fact>
            <Fact label={t("address_phone")}>{address.address_phone}</Fact>
          </>
        )}
      </Facts>
    </Section>
  );
}

export function SellerOrderPaymentAndDates({ order }: { order: SellerOrderView }) {
  const t = useT();
  const format = useOrderFormat();
  const at = (iso: string | null) => (iso ? format.dateTime(iso) : null);
  return (
    <Section id="order-dates" title={t("order_payment")}>
      <Facts>
        <Fact label={t("payment_method")}>
          {order.payment_type && t(messageCode(`pm_${order.payment_type}`))}
          {order.instalments && ` · ${t("msi_short", { months: order.instalments })}`}
        </Fact>
        <Fact label={t("paid_date")}>{at(order.paid_at)}</Fact>
        <Fact label={t("created_date")}>{at(order.created_at)}</Fact>
        <Fact label={t("confirmed_date")}>{at(order.confirmed_at)}</Fact>
        <Fact label={t("estimated_delivery_date")}>{order.estimated_delivery_date && format.day(order.estimated_delivery_date)}</Fact>
        <Fact label={t("delivered_date")}>{at(order.delivered_at)}</Fact>
        <Fact label={t("courier")}>{order.courier}</Fact>
        <Fact label={t("tracking_number")}>{order.tracking_number}</Fact>
      </Facts>
    </Section>
  );
}

export function SellerOrderCancelReason({ order }: { order: SellerOrderView }) {
  const t = useT();
  if (!order.cancel_reason) return null;
  return (
    <Alert color="red" title={t("cancel_reason")} variant="light">
      {order.cancel_reason}
    </Alert>
  );
}

export function SellerOrderInvoicing({ order }: { order: SellerOrderView }) {
  const t = useT();
  const invoicing = order.invoicing;
  return (
    <Section id="order-invoicing" title={t("invoicing_data")}>
      {invoicing ? (
        <Facts>
          <Fact label={t("rfc")}>{invoicing.rfc}</Fact>
          <Fact label={t("legal_name")}>{invoicing.legal_name}</Fact>
          <Fact label={t("fiscal_postal_code")}>{invoicing.postal_code}</Fact>
          <Fact label={t("tax_regime")}>
            {invoicing.tax_regime} · {t(messageCode(`tax_regime_${invoicing.tax_regime}`))}
          </Fact>
          <Fact label={t("cfdi_use")}>
            {invoicing.cfdi_use} · {t(messageCode(`cfdi_use_${invoicing.cfdi_use}`))}
          </Fact>
        </Facts>
      ) : (
        <Text size="sm" c="dimmed">
          {t("order_no_invoicing")}
        </Text>
      )}
    </Section>
  );
}

export function SellerOrderReceipts({ order }: { order: SellerOrderView }) {
  const t = useT();
  const format = useOrderFormat();
  return (
    <Section id="order-receipts" title={t("receipts")}>
      {order.receipts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("no_receipts")}
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {order.receipts.map((receipt) => (
            <Group key={receipt.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {t("receipt_number", { number: receipt.number })}
              </Text>
              <Text size="xs" c="dimmed" ta="right">
                {format.money(receipt.amount, receipt.currency)} · {format.dateTime(receipt.created_at)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
