import { Anchor, Badge, Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconShoppingBag } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import { orderStateColor } from "@tianguis/domain/rules/order-state";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import { Link } from "react-router";
import { messageCode } from "@tianguis/domain/messages/index";
import { useLocale, useT } from "../../lib/i18n";

/** /mis-compras: the signed-in customer's purchases, newest first, each with its orders per supplier. */
export function PurchasesList({ purchases }: { purchases: CheckoutView[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Container size="md" py="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }} mb="md">
        {t("my_purchases")}
      </Title>
      {purchases.length === 0 ? (
        <Stack align="center" py="xl">
          <IconShoppingBag size={48} stroke={1.2} aria-hidden />
          <Text>{t("no_orders")}</Text>
        </Stack>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0}>
          {purchases.map((purchase) => (
            <Paper key={purchase.id} withBorder radius="md" p="md" component="li" style={{ listStyle: "none" }}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  {purchase.orders.map((order) => (
                    <Text key={order.id} size="sm">
                      <Text span fw={600}>
                        {t("order_number", { number: order.number })}
                      </Text>{" "}
                      · {t("sold_by", { name: order.supplier_name })} · {order.items.reduce((sum, item) => sum + item.quantity, 0)} ×{" "}
                      {order.items.map((item) => item.name).join(", ")}
                    </Text>
                  ))}
                  {purchase.created_at && (
                    <Text size="xs" c="dimmed">
                      {new Date(purchase.created_at).toLocaleString(locale === "en" ? "en-US" : "es-MX", {
                        dateStyle: "medium",
                        timeStyle: "short",
                      })}
                    </Text>
                  )}
                </Stack>
                <Group gap="sm">
                  <Badge variant="light" color={orderStateColor(purchase.state)}>
                    {t(messageCode(`order_state_${purchase.state}`))}
                  </Badge>
                  <Text fw={700}>{formatMoney({ amount: purchase.total, currency: purchase.currency }, locale)}</Text>
                  {purchase.shop_slug && (
                    <Anchor
                      component={Link}
                      to={`/tienda/${purchase.shop_slug}/pagado?checkout=${purchase.id}&token=${encodeURIComponent(purchase.access_token)}`}
                      size="sm"
                    >
                      {t("view_purchase")}
                    </Anchor>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Button component="a" href="/" variant="subtle" mt="md">
        {t("keep_buying")}
      </Button>
    </Container>
  );
}
