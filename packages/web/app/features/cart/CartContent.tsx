import { Alert, Anchor, Button, Divider, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconShoppingBag } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import { acceptedPaymentMethods } from "@tianguis/domain/rules/checkout";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { Link } from "react-router";
import { ApiRequestError } from "../../lib/api/client";
import { messageCode } from "@tianguis/domain/messages/index";
import { useLocale, useT } from "../../lib/i18n";
import { notifyWarning } from "../../ui/notify";
import { SupplierOrder } from "./SupplierOrder";
import { removeItem, setQuantity } from "./cart-store";
import { useCart } from "./useCart";

/** The cart's orders per supplier with totals and the pay button; used by the drawer and the cart page. */
export function CartContent({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { cart, loaded, busy, shopSlug, signedIn, basePath } = useCart();

  const change = async (productId: string, quantity: number) => {
    try {
      await setQuantity(shopSlug, signedIn, productId, quantity);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const details = (error.body as { details?: { max?: number } }).details;
        notifyWarning(
          t("purchase_order_warning"),
          details?.max !== undefined ? t(messageCode(error.body.code), { max: details.max }) : error.body.message,
          5000,
        );
      }
    }
  };

  if (!loaded) {
    return (
      <Stack aria-busy="true">
        <Skeleton height={24} width="60%" />
        <Skeleton height={72} />
        <Skeleton height={72} />
      </Stack>
    );
  }

  if (cart.orders.length === 0) {
    return (
      <Stack align="center" py="xl" gap="md">
        <IconShoppingBag size={48} stroke={1.2} aria-hidden />
        <Text fw={600}>{t("cart_empty")}</Text>
        <Button component={Link} to={shopHref(basePath, "/")} onClick={onNavigate} variant="light">
          {t("keep_buying")}
        </Button>
        {signedIn && (
          <Anchor component={Link} to="/mis-compras" onClick={onNavigate} size="sm">
            {t("my_purchases")}
          </Anchor>
        )}
      </Stack>
    );
  }

  // One purchase is paid once, so its suppliers must share a payment method.
  const noCommonMethod =
    cart.orders.every((order) => order.is_configured) &&
    acceptedPaymentMethods(cart.orders.map((order) => order.supplier_info.enabled_payment_types)).length === 0;
  const blocked =
    noCommonMethod || cart.orders.some((order) => !order.is_configured || order.products.some((line) => line.problem || line.disabled));
  const currency = cart.orders[0]?.currency ?? "MXN";
  return (
    <Stack gap="md" aria-busy={busy}>
      {cart.orders.map((order) => (
        <SupplierOrder
          key={order.supplier}
          order={order}
          busy={busy}
          onQuantity={change}
          onRemove={(id) => removeItem(shopSlug, signedIn, id)}
        />
      ))}
      <Divider />
      {noCommonMethod && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="xs" role="status">
          {t("no_common_payment_method")}
        </Alert>
      )}
      <Group justify="space-between">
        <Text fw={700}>{t("total")}</Text>
        <Text fw={700} size="lg" data-testid="cart-total">
          {formatMoney({ amount: cart.total_amount, currency }, locale)}
        </Text>
      </Group>
      <Button
        size="md"
        fullWidth
        component={Link}
        to={shopHref(basePath, "/comprar")}
        onClick={onNavigate}
        disabled={blocked}
        data-disabled={blocked || undefined}
      >
        {t("pay")}
      </Button>
      <Group justify="space-between">
        <Anchor component={Link} to={shopHref(basePath, "/")} onClick={onNavigate} size="sm">
          {t("keep_buying")}
        </Anchor>
        {signedIn && (
          <Anchor component={Link} to="/mis-compras" onClick={onNavigate} size="sm">
            {t("my_purchases")}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
