import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconClockHour4, IconCreditCard, IconMapPin, IconX } from "@tabler/icons-react";
import { type MessageCode, messageCode } from "@tianguis/domain/messages/index";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { useShop } from "../../lib/useShop";
import { PurchaseFact } from "./PurchaseFact";
import { formatMoment } from "./purchase-dates";
import { payPurchaseHref } from "./purchase-links";
import classes from "./purchase.module.css";
import { TestBadge } from "../../ui/TestBadge";
import { InstalmentsPaid } from "./InstalmentsPaid";

const deliveryLabels: Record<CheckoutView["delivery_type"], MessageCode> = {
  shipping: "delivery_shipping",
  to_branch: "delivery_to_branch",
  fixed_delivery: "delivery_fixed",
};

/** The purchase as a whole: a way to pay it while unpaid, then how it is delivered and how it was paid. */
export function PurchaseOverview({ purchase }: { purchase: CheckoutView }) {
  const t = useT();
  const locale = useLocale();
  const shop = useShop();
  const payment = purchase.payment;
  const unpaid = purchase.state === "pending_payment";
  const allDigital = purchase.orders.length > 0 && purchase.orders.every((order) => order.path === "digital");
  // The shop the purchase was made in: on its own host or path the link stays there.
  const shopBase = shop && shop.shop.slug === purchase.shop_slug ? shop.basePath : `/tienda/${purchase.shop_slug}`;
  const address = purchase.address;
  const addressLines = address
    ? [
        address.address_name,
        address.street_address,
        [address.sublocality, address.locality].filter(Boolean).join(", "),
        [address.administrative_area_level_1, address.postal_code].filter(Boolean).join(" "),
        address.address_phone,
      ].filter(Boolean)
    : [];
  return (
    <Stack gap="md">
      {purchase.test && (
        <Alert color="orange" variant="light" title={<TestBadge />} role="status">
          {t("purchase_test_hint")}
        </Alert>
      )}
      {unpaid && payment?.status !== "pending" && (
        <Alert color="blue" icon={<IconClockHour4 />} title={t("purchase_unpaid_title")}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t("purchase_unpaid_text")}</Text>
            {purchase.shop_slug && (
              <Button component={Link} to={payPurchaseHref(shopBase, purchase.id, purchase.access_token)} className={classes.noPrint}>
                {t("purchase_pay_link")}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {(purchase.state === "expired" || purchase.state === "canceled") && (
        <Alert color="gray" icon={<IconX />} title={t(messageCode(`order_state_${purchase.state}`))}>
          {t("purchase_expired_text")}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card icon={<IconMapPin size={18} />} title={t("purchase_delivery_title")}>
          <Text size="sm" fw={600}>
            {allDigital ? t("purchase_delivery_digital") : t(deliveryLabels[purchase.delivery_type])}
          </Text>
          {addressLines.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          {purchase.delivery_type === "to_branch" && !allDigital && (
            <Text size="sm" c="dimmed">
              {t("purchase_branch_text")}
            </Text>
          )}
        </Card>
        <Card icon={<IconCreditCard size={18} />} title={t("purchase_payment_title")}>
          {payment ? (
            <>
              <Text size="sm" fw={600}>
                {t(messageCode(`pm_${payment.method}`, "payment_method"))}
              </Text>
              <Text size="sm">{t(messageCode(`purchase_payment_${payment.status}`, "purchase_payment_created"))}</Text>
              <InstalmentsPaid checkout={purchase} />
              {payment.status === "pending" && payment.instructions && (
                <SimpleGrid cols={1} spacing={4} component="dl" m={0} mt={4}>
                  <PurchaseFact label={t("purchase_payment_reference")}>
                    <Text span ff="monospace" size="sm">
                      {payment.instructions.reference}
                    </Text>
                  </PurchaseFact>
                  {payment.instructions.clabe && (
                    <PurchaseFact label={t("purchase_payment_clabe")}>
                      <Text span ff="monospace" size="sm">
                        {payment.instructions.clabe}
                      </Text>
                    </PurchaseFact>
                  )}
                  {payment.instructions.deadline && (
                    <PurchaseFact label={t("purchase_payment_deadline")}>
                      {formatMoment(payment.instructions.deadline, locale)}
                    </PurchaseFact>
                  )}
                </SimpleGrid>
              )}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t("purchase_payment_none")}
            </Text>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function Card({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-label={title}>
      <Stack gap={4}>
        <Title order={2} fz="md" mb={4} style={{ display: "flex", alignItems: "center", gap: 6 }}>
          {icon}
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
