import { Anchor, Badge, Box, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconShoppingBag } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import { customerStatus } from "@tianguis/domain/rules/order-progress";
import { orderStateColor } from "@tianguis/domain/rules/order-state";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import { Link, useSearchParams } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { useShop } from "../../lib/useShop";
import { formatMoment } from "../orders/purchase-dates";
import { purchaseHref } from "../orders/purchase-links";
import { SellerOrderFilters as OrderFilters } from "../orders/SellerOrderFilters";
import type { SellerOrderFilters } from "../orders/seller-orders.server";

/**
 * /mis-compras: the signed-in customer's purchases, newest first, each with its orders per supplier and their
 * status, linking to the purchase's page (inside a shop, that shop's /mis-compras/{id}).
 */
export function PurchasesList({
  purchases,
  page,
  hasOlder,
  filters,
  filtered,
}: {
  purchases: CheckoutView[];
  page: number;
  hasOlder: boolean;
  filters: SellerOrderFilters;
  filtered: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const basePath = useShop()?.basePath ?? "";
  const [search] = useSearchParams();
  const pageHref = (target: number) => {
    const next = new URLSearchParams(search);
    if (target > 1) next.set("pagina", String(target));
    else next.delete("pagina");
    return `?${next.toString()}`;
  };
  return (
    <Container size="md" py="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }} mb="md">
        {t("my_purchases")}
      </Title>
      {(filtered || purchases.length > 0 || page > 1) && (
        <Box mb="md">
          <OrderFilters filters={filters} filtered={filtered} audience="customer" />
        </Box>
      )}
      {purchases.length === 0 && page === 1 ? (
        <Stack align="center" py="xl">
          <IconShoppingBag size={48} stroke={1.2} aria-hidden />
          <Text>{t(filtered ? "orders_no_matches" : "no_orders")}</Text>
        </Stack>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0}>
          {purchases.map((purchase) => (
            <Paper key={purchase.id} withBorder radius="md" p="md" component="li" style={{ listStyle: "none" }}>
              <Stack gap="xs">
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    {formatMoment(purchase.created_at, locale)}
                  </Text>
                  <Text fw={700}>{formatMoney({ amount: purchase.total, currency: purchase.currency }, locale)}</Text>
                </Group>
                {purchase.orders.map((order) => (
                  <Group key={order.id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Text size="sm" style={{ minWidth: 0 }}>
                      <Text span fw={600}>
                        {t("order_number", { number: order.number })}
                      </Text>{" "}
                      · {t("sold_by", { name: order.supplier_name })} · {order.items.reduce((sum, item) => sum + item.quantity, 0)} ×{" "}
                      {order.items.map((item) => item.name).join(", ")}
                    </Text>
                    <Badge variant="light" color={orderStateColor(order.state)} style={{ flex: "none" }}>
                      {t(customerStatus(order.state))}
                    </Badge>
                  </Group>
                ))}
                <Anchor component={Link} to={purchaseHref(basePath, purchase.id)} size="sm" fw={600}>
                  {t("view_purchase")}
                </Anchor>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {(page > 1 || hasOlder) && (
        <Group justify="space-between" mt="md" component="nav" aria-label={t("purchases_pages")}>
          {page > 1 ? (
            <Button component={Link} to={pageHref(page - 1)} variant="default">
              {t("purchases_newer")}
            </Button>
          ) : (
            <span />
          )}
          {hasOlder && (
            <Button component={Link} to={pageHref(page + 1)} variant="default">
              {t("purchases_older")}
            </Button>
          )}
        </Group>
      )}
      <Button component={Link} to={basePath || "/"} variant="subtle" mt="md">
        {t("keep_buying")}
      </Button>
    </Container>
  );
}
