import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconClockHour4, IconX } from "@tabler/icons-react";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { formatMoney } from "@tianguis/domain/money";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { forgetCart } from "../cart/cart-store";
import { DownloadsList } from "../orders/DownloadsList";
import { purchaseHref } from "../orders/purchase-links";
import { OrderSummary } from "./OrderSummary";
import { InstalmentsPaid } from "../orders/InstalmentsPaid";

const offlineText: Record<string, MessageCode> = {
  openpay_bank: "bank_transfer_text",
  openpay_store: "store_cash_text",
  conekta_oxxo: "store_cash_text",
  tiendacrypto: "crypto_text",
};

/** While a provider has not confirmed a returned payment, the page asks again this often. */
const CONFIRMING_POLL_MS = 4_000;

/**
 * The paid page: success, offline payment instructions, a payment the provider is still confirming, or a
 * failed/cancelled payment with a way back to pay.
 */
export function PaidSummary({
  shopSlug,
  basePath,
  checkout,
  token,
  shared,
  canceled,
}: {
  shopSlug: string;
  basePath: string;
  checkout: CheckoutView | null;
  token: string;
  shared: boolean;
  canceled: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const user = useUser();
  const paid = checkout?.state === "paid";
  const placed = paid || (checkout?.state === "pending_payment" && checkout.payment?.status === "pending");
  // Back from a redirect method the provider has not settled yet (Mobbex, Aplazo confirm a moment later, by webhook).
  const confirming = !canceled && checkout?.state === "pending_payment" && checkout.payment?.status === "requires_action";
  const revalidator = useRevalidator();
  useEffect(() => {
    // Paid, or placed and waiting for cash/transfer/crypto: the cart's items are bought (unless this is someone else's shared purchase).
    if (placed && !shared) forgetCart(shopSlug);
  }, [placed, shared, shopSlug]);
  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(() => revalidator.state === "idle" && void revalidator.revalidate(), CONFIRMING_POLL_MS);
    return () => clearInterval(timer);
  }, [confirming, revalidator]);
  if (!checkout) {
    return (
      <Alert color="red" icon={<IconX />} title={t("checkout_not_found")}>
        <Button component={Link} to={shopHref(basePath, "/")} variant="light" mt="sm">
          {t("keep_buying")}
        </Button>
      </Alert>
    );
  }
  const retry = `${shopHref(basePath, "/comprar")}?checkout=${checkout.id}&token=${encodeURIComponent(token || checkout.access_token)}`;
  const pending = checkout.state === "pending_payment" && checkout.payment?.status === "pending";
  return (
    <Stack gap="lg">
      {paid && (
        <Stack align="center" gap="xs" ta="center">
          <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
          <Title order={1} fz="h2">
            {t("paid_title")}
          </Title>
          <Text c="dimmed">{t("paid_text")}</Text>
          <InstalmentsPaid checkout={checkout} />
        </Stack>
      )}
      {pending && checkout.payment && (
        <Alert color="blue" icon={<IconClockHour4 />} title={t("pending_title")}>
          <Text size="sm">
            {t(offlineText[checkout.payment.method] ?? "offline_text", {
              amount: formatMoney({ amount: checkout.total, currency: checkout.currency }, locale),
              reference: checkout.payment.instructions?.reference ?? "",
              clabe: checkout.payment.instructions?.clabe ?? "",
              deadline: checkout.payment.instructions?.deadline
                ? new Date(checkout.payment.instructions.deadline).toLocaleString(locale)
                : "",
            })}
          </Text>
        </Alert>
      )}
      {checkout.state === "expired" && (
        <Alert color="gray" icon={<IconX />} title={t("expired_title")}>
          {t("checkout_expired")}
        </Alert>
      )}
      {confirming && (
        <Alert color="blue" icon={<IconClockHour4 />} title={t("payment_confirming_title")} role="status">
          {t("payment_confirming_text")}
        </Alert>
      )}
      {checkout.state === "pending_payment" && !pending && !confirming && (
        <Alert color={canceled ? "yellow" : "red"} icon={<IconX />} title={canceled ? t("payment_canceled") : t("payment_failed")}>
          <Button component={Link} to={retry} mt="sm">
            {t("retry_payment")}
          </Button>
        </Alert>
      )}
      <DownloadsList checkout={checkout} />
      <OrderSummary checkout={checkout} />
      <Stack gap="xs">
        {placed && (
          <Button component={Link} to={purchaseHref(basePath, checkout.id, user && !shared ? null : token || checkout.access_token)}>
            {t("purchase_view_mine")}
          </Button>
        )}
        <Button component={Link} to={shopHref(basePath, "/")} variant="light">
          {t("keep_buying")}
        </Button>
        {user && (
          <Button component={Link} to={shopHref(basePath, "/mis-compras")} variant="subtle">
            {t("my_purchases")}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
