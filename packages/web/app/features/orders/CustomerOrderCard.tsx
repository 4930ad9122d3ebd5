import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  CopyButton,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import { type SupplierOrderState, customerStatus } from "@tianguis/domain/rules/order-progress";
import { orderStateColor } from "@tianguis/domain/rules/order-state";
import type { CheckoutOrderView } from "@tianguis/domain/schemas/checkout";
import { useState } from "react";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { RateLineAction } from "../reviews/RateLineAction";
import { useOrderReviews } from "../reviews/useOrderReviews";
import { CustomerReturns } from "../returns/CustomerReturns";
import { CustomerCancelOrder } from "./CustomerCancelOrder";
import { CustomerInvoicing } from "./CustomerInvoicing";
import { CustomerOrderInvoices } from "../invoices/CustomerOrderInvoices";
import { CustomerOrderProgress } from "./CustomerOrderProgress";
import { PurchaseFact } from "./PurchaseFact";
import { formatDay } from "./purchase-dates";
import classes from "./purchase.module.css";

/**
 * Orders never paid or cancelled get no invoice (their saved data, if any, is still shown); one awaiting an offline
 * payment may ask for one (the shop issues it PPD and each payment gets its complement).
 */
const notInvoiced: readonly SupplierOrderState[] = [
  "pending_payment",
  "expired",
  "canceled",
  "canceled_by_customer",
  "canceled_by_supplier",
];

/**
 * One supplier's order of a purchase as its customer sees it (spec §3 'Purchase-order concepts'): supplier, status,
 * progress, dates, courier and tracking, items and totals, cancellation while unconfirmed, and invoicing data.
 */
export function CustomerOrderCard({
  order,
  currency,
  token,
  checkoutId,
  awaitingPayment = false,
}: {
  order: CheckoutOrderView;
  currency: string;
  token: string | null;
  /** The purchase, whose stamped invoices the card lists (absent: none are read). */
  checkoutId?: string;
  /** The purchase awaits an offline payment the customer started (cash at a store, SPEI). */
  awaitingPayment?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const money = (amount: number) => formatMoney({ amount, currency }, locale);
  const titleId = `order-${order.id}`;
  const canceled = order.state === "canceled_by_customer" || order.state === "canceled_by_supplier";
  // A delivered order's customer rates each product once ('Calificar'); guests reading by token do not.
  const user = useUser();
  const rateable = order.state === "delivered" && user !== null;
  const [reviewsVersion, setReviewsVersion] = useState(0);
  const reviews = useOrderReviews(order.id, rateable, reviewsVersion);
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="article" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} miw={0}>
            <Title order={3} fz="lg" id={titleId}>
              {t("order_number", { number: order.number })}
            </Title>
            <Anchor component={Link} to={`/tienda/${order.supplier_slug}`} size="sm">
              {t("sold_by", { name: order.supplier_name })}
            </Anchor>
          </Stack>
          <Badge size="lg" variant="light" color={orderStateColor(order.state)} style={{ flex: "none" }}>
            {t(customerStatus(order.state))}
          </Badge>
        </Group>

        <CustomerOrderProgress order={order} />

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
          {order.confirmed_at && <PurchaseFact label={t("confirmed_date")}>{formatDay(order.confirmed_at, locale)}</PurchaseFact>}
          {order.estimated_delivery_date && !order.delivered_at && !canceled && (
            <PurchaseFact label={t("estimated_delivery_date")}>{formatDay(order.estimated_delivery_date, locale)}</PurchaseFact>
          )}
          {order.delivered_at && <PurchaseFact label={t("delivered_date")}>{formatDay(order.delivered_at, locale)}</PurchaseFact>}
          {order.courier && <PurchaseFact label={t("courier")}>{order.courier}</PurchaseFact>}
          {order.tracking_number && (
            <PurchaseFact label={t("tracking_number")}>
              <Group gap={4} wrap="nowrap">
                <Text ff="monospace" size="sm" style={{ overflowWrap: "anywhere" }}>
                  {order.tracking_number}
                </Text>
                <CopyButton value={order.tracking_number}>
                  {({ copied, copy }) => (
                    <Tooltip label={t("purchase_copied")} opened={copied} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? "teal" : "gray"}
                        onClick={copy}
                        aria-label={copied ? t("purchase_copied") : t("purchase_copy_tracking")}
                        className={classes.noPrint}
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </PurchaseFact>
          )}
        </SimpleGrid>

        <Stack gap="sm" component="ul" p={0} m={0} aria-label={t("purchase_items", { number: order.number })}>
          {order.items.map((item) => (
            <Group key={item.product_id} component="li" wrap="nowrap" gap="sm" style={{ listStyle: "none" }}>
              {item.photo ? (
                <img src={item.photo} alt="" className={classes.photo} loading="lazy" />
              ) : (
                <Avatar radius="sm" size={56} aria-hidden>
                  {item.name.slice(0, 1)}
                </Avatar>
              )}
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} lineClamp={2}>
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("purchase_unit_price", { quantity: item.quantity, price: money(item.unit_price) })}
                </Text>
                {rateable && (
                  <div className={classes.noPrint} style={{ marginTop: 4 }}>
                    <RateLineAction
                      productId={item.product_id}
                      productName={item.name}
                      line={reviews?.get(item.product_id)}
                      onSaved={() => setReviewsVersion((version) => version + 1)}
                    />
                  </div>
                )}
              </Stack>
              <Text size="sm" fw={600} style={{ flex: "none" }}>
                {money(item.total)}
              </Text>
            </Group>
          ))}
        </Stack>

        <Stack gap={2}>
          <Line label={t("subtotal")} value={money(order.subtotal)} />
          <Line label={t("shipping_cost")} value={money(order.shipping_cost)} />
          <Line label={t("purchase_order_total")} value={money(order.total)} strong />
        </Stack>

        {order.can_cancel && (
          <div className={classes.noPrint}>
            <CustomerCancelOrder order={order} currency={currency} token={token} />
          </div>
        )}

        <div className={classes.noPrint}>
          <CustomerReturns orderId={order.id} state={order.state} token={token} />
        </div>

        {(!notInvoiced.includes(order.state) || order.invoicing || (awaitingPayment && order.state === "pending_payment")) && (
          <>
            <Divider />
            <CustomerInvoicing key={JSON.stringify(order.invoicing)} orderId={order.id} invoicing={order.invoicing} token={token} />
            {checkoutId && <CustomerOrderInvoices checkoutId={checkoutId} orderId={order.id} token={token} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c={strong ? undefined : "dimmed"} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}
