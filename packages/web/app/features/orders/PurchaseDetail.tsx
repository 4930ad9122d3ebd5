import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconPrinter } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useShop } from "../../lib/useShop";
import { CustomerOrderCard } from "./CustomerOrderCard";
import { PurchaseTickets } from "../tickets/PurchaseTickets";
import { DownloadsList } from "./DownloadsList";
import { PurchaseOverview } from "./PurchaseOverview";
import { formatMoment } from "./purchase-dates";
import classes from "./purchase.module.css";

/**
 * /mis-compras/{checkout_aggregation} (spec §2 'purchase order detail and print'): the purchase's date, its downloads
 * once paid, delivery and payment, then one card per supplier order, and the purchase's totals. 'Imprimir' prints this
 * part of the page only (without the download buttons).
 */
export function PurchaseDetail({ purchase, token }: { purchase: CheckoutView; token: string | null }) {
  const t = useT();
  const locale = useLocale();
  const user = useUser();
  const basePath = useShop()?.basePath ?? "";
  const money = (amount: number) => formatMoney({ amount, currency: purchase.currency }, locale);
  return (
    <Container size="md" py="lg" px={{ base: "sm", sm: "md" }} className={classes.page}>
      <Stack gap="lg">
        <Group justify="space-between" gap="xs" className={classes.noPrint}>
          {user ? (
            <Anchor component={Link} to={shopHref(basePath, "/mis-compras")} size="sm">
              <Group gap={4} component="span">
                <IconArrowLeft size={16} aria-hidden />
                {t("purchase_back")}
              </Group>
            </Anchor>
          ) : (
            <span />
          )}
          <Button variant="default" size="sm" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t("purchase_print")}
          </Button>
        </Group>

        <Stack gap={4}>
          <Title order={1} fz={{ base: "h2", sm: "h1" }}>
            {t("purchase_title")}
          </Title>
          <Text c="dimmed">{t("purchase_placed_on", { date: formatMoment(purchase.created_at, locale) })}</Text>
          {purchase.contact?.full_name && (
            <Text size="sm" c="dimmed">
              {t("purchase_guest", { name: purchase.contact.full_name })}
              {purchase.contact.email ? ` · ${purchase.contact.email}` : ""}
            </Text>
          )}
        </Stack>

        <DownloadsList checkout={purchase} className={classes.noPrint} />
        <PurchaseTickets purchase={purchase} token={token} className={classes.noPrint} />

        <PurchaseOverview purchase={purchase} />

        <Stack gap="sm" component="section" aria-labelledby="purchase-orders">
          <Title order={2} fz="h4" id="purchase-orders">
            {t("purchase_orders_title")}
          </Title>
          {purchase.orders.map((order) => (
            <CustomerOrderCard
              key={order.id}
              order={order}
              currency={purchase.currency}
              token={token}
              checkoutId={purchase.id}
              awaitingPayment={purchase.payment?.status === "pending"}
            />
          ))}
        </Stack>

        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-label={t("purchase_total")}>
          <Stack gap={2}>
            <Group justify="space-between">
              <Text c="dimmed">{t("subtotal")}</Text>
              <Text>{money(purchase.subtotal)}</Text>
            </Group>
            <Group justify="space-between">
              <Text c="dimmed">{t("shipping_cost")}</Text>
              <Text>{money(purchase.shipping_cost)}</Text>
            </Group>
            <Group justify="space-between">
              <Text fw={700}>{t("purchase_total")}</Text>
              <Text fw={700} size="lg">
                {money(purchase.total)}
              </Text>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
