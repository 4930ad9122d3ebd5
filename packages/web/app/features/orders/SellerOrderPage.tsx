import { Button, Container, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { SellerOrderReturns } from "../returns/SellerOrderReturns";
import { SellerOrderPacking } from "../packing/SellerOrderPacking";
import { SellerOrderInvoice } from "../invoices/SellerOrderInvoice";
import { IconPrinter, IconReceipt } from "@tabler/icons-react";
import { ordersApi } from "@tianguis/domain/routes/orders";
import type { SellerOrderView } from "@tianguis/domain/schemas/order";
import type { OrderCommissions as OrderCommissionsView } from "@tianguis/domain/schemas/commission";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { notifySuccess } from "../../ui/notify";
import { useMutation } from "../../ui/useMutation";
import { OrderCommissions } from "../commissions/OrderCommissions";
import { SellerOrderCancel } from "./SellerOrderCancel";
import {
  SellerOrderCancelReason,
  SellerOrderCustomer,
  SellerOrderInvoicing,
  SellerOrderItems,
  SellerOrderPaymentAndDates,
  SellerOrderReceipts,
} from "./SellerOrderFacts";
import { SellerOrderNextAction } from "./SellerOrderNextAction";
import { SellerOrderPrint } from "./SellerOrderPrint";
import { SellerOrderProgress } from "./SellerOrderProgress";
import { TestBadge } from "../../ui/TestBadge";
import { SellerOrderStateBadge } from "./SellerOrderStateBadge";
import { SellerOrderTimeline } from "./SellerOrderTimeline";
import { useOrderFormat } from "./seller-format";
import type { loadSellerOrder } from "./seller-orders.server";

const canceledStates: readonly string[] = ["canceled_by_customer", "canceled_by_supplier"];

/** Receipts are accounting: owner and admins (permission admin) and accountants issue them; the server checks the same. */
function mayIssueReceipts(permissions: readonly string[]): boolean {
  return permissions.includes("admin") || permissions.includes("accountant");
}

/**
 * /admin/ordenes/{order}: one order for its supplier — what it is, where it stands, its history and what comes next — or
 * for the franchise store it was bought in, which packs it.
 */
export function SellerOrderPage({
  order,
  shop,
  basePath,
  commissions = null,
}: Awaited<ReturnType<typeof loadSellerOrder>> & { commissions?: OrderCommissionsView | null }) {
  const t = useT();
  const format = useOrderFormat();
  // A franchise store sees the order it sold and packs it; its path, cancellation, receipts, returns and invoice are the supplier's.
  const supplier = order.viewer === "supplier";
  return (
    <Container size="xl" py="lg">
      <Stack>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Group gap="sm" align="center">
              <Title order={1} size="h2">
                #{order.number}
              </Title>
              <SellerOrderStateBadge state={order.state} path={order.path} size="lg" />
              {order.test && <TestBadge size="lg" />}
            </Group>
            <Text size="sm" c="dimmed">
              {format.dateTime(order.created_at)} · {order.customer_name ?? t("order_guest")} · {format.money(order.total, order.currency)}
            </Text>
          </Stack>
          <Group gap="xs">
            {supplier && <SellerOrderNextAction key={order.state} order={order} slug={shop.slug} />}
            {supplier && mayIssueReceipts(shop.permissions) && <IssueReceipt order={order} slug={shop.slug} />}
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              {t("order_print")}
            </Button>
            {supplier && <SellerOrderCancel key={`cancel-${order.state}`} order={order} slug={shop.slug} />}
          </Group>
        </Group>
        <SellerOrderCancelReason order={order} />
        <SellerOrderProgress order={order} />
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <SellerOrderItems order={order} />
              <SellerOrderPacking key={`packing-${order.state}`} orderId={order.id} slug={shop.slug} />
              {supplier && <SellerOrderReturns key={order.state} orderId={order.id} slug={shop.slug} />}
              {supplier && mayIssueReceipts(shop.permissions) && (
                <SellerOrderInvoice key={`invoice-${order.state}`} orderId={order.id} slug={shop.slug} basePath={basePath} />
              )}
              <OrderCommissions commissions={commissions} />
              <SellerOrderTimeline order={order} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack>
              <SellerOrderCustomer order={order} />
              <SellerOrderPaymentAndDates order={order} />
              <SellerOrderInvoicing order={order} />
              <SellerOrderReceipts order={order} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <SellerOrderPrint order={order} shopName={shop.name} />
    </Container>
  );
}

/** 'Generar recibo': the supplier's next numbered receipt for this order; it joins the receipts list. */
function IssueReceipt({ order, slug }: { order: SellerOrderView; slug: string }) {
  const t = useT();
  const { run, busy } = useMutation();
  if (canceledStates.includes(order.state)) return null;
  const issue = () =>
    run(() => api(ordersApi.receipt, { params: { slug, id: order.id } }), {
      failure: "receipt_failed",
      onSuccess: (receipt) => notifySuccess(t("success_title"), t("receipt_issued", { number: receipt.number })),
    });
  return (
    <Button variant="default" leftSection={<IconReceipt size={16} />} loading={busy} onClick={() => void issue()}>
      {t("receipt_issue")}
    </Button>
  );
}
