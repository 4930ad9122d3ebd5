import { Alert, Button, Group, Paper, Skeleton, Stack, Stepper } from "@mantine/core";
import { checkoutApi } from "@tianguis/domain/routes/checkout";
import type { CheckoutBody, CheckoutView, PayResult } from "@tianguis/domain/schemas/checkout";
import { needsDelivery } from "@tianguis/domain/rules/digital-delivery";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiRequestError, api } from "../../lib/api/client";
import { notifyError } from "../../ui/notify";
import { messageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { emptyAddress, filledAddress } from "../addresses/AddressForm";
import { forgetCart } from "../cart/cart-store";
import { useCart } from "../cart/useCart";
import { type Contact, ContactStep } from "./ContactStep";
import { Countdown } from "./Countdown";
import { DigitalStep } from "./DigitalStep";
import { type Delivery, DeliveryStep } from "./DeliveryStep";
import { OrderSummary } from "./OrderSummary";
import { PaymentStep } from "./PaymentStep";
import { readLocalCheckout, writeLocalCheckout } from "./local-checkout";
import { ShareCheckout } from "./ShareCheckout";

/** What a purchase of digital items only sends: no address; the server keeps it as branch pickup with no shipping. */
const digitalDelivery: Delivery = { delivery_type: "to_branch", address: emptyAddress };

/** A guest's contact as the API takes it: blank fields left out. */
const contactBody = (contact: Contact | null) =>
  Object.fromEntries(
    Object.entries(contact ?? {}).filter(([, value]) => typeof value === "string" && value.trim() !== ""),
  ) as CheckoutBody["contact"];

/**
 * Contact (guests only) → delivery → the purchase is created (one order per supplier, stock reserved) → payment.
 * A purchase of digital items only skips delivery: it is created right after the contact step (or from the payment step).
 */
export function CheckoutFlow({
  shopSlug,
  basePath,
  initial,
  shared,
  canceled,
}: {
  shopSlug: string;
  basePath: string;
  initial: CheckoutView | null;
  shared: boolean;
  canceled: boolean;
}) {
  const t = useT();
  const user = useUser();
  const navigate = useNavigate();
  const { cart, loaded } = useCart(shopSlug);
  const [checkout, setCheckout] = useState<CheckoutView | null>(initial);
  const [contact, setContact] = useState<Contact | null>(null);
  const [delivery, setDelivery] = useState<Delivery>({ delivery_type: "shipping", address: emptyAddress });
  const [step, setStep] = useState(initial ? 2 : user ? 1 : 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(initial?.state === "expired");
  const attempt = useRef<string | null>(null);

  useEffect(() => {
    if (checkout || user) return;
    // An anonymous shopper's checkout starts locally (startAsAnonymous): no API call until they give their details.
    const local = readLocalCheckout(shopSlug);
    if (local?.contact) setContact(local.contact);
    else writeLocalCheckout(shopSlug, { startAsAnonymous: true });
  }, [checkout, user, shopSlug]);

  useEffect(() => {
    if (!checkout && user && step === 0) setStep(1);
  }, [checkout, user, step]);

  const items = cart.orders.flatMap((order) => order.products.map((line) => ({ product_id: line.product_id, quantity: line.quantity })));
  const digitalOnly = checkout
    ? checkout.orders.every((order) => order.path === "digital")
    : !needsDelivery(cart.orders.flatMap((order) => order.products.map((line) => line.type)));
  // Steps are numbered 0 contact, 1 delivery, 2 payment; the stepper shows those that apply.
  const shownSteps = [...(user ? [] : [0]), ...(digitalOnly ? [] : [1]), 2];
  const current = digitalOnly && step === 1 ? 2 : step;

  const create = async (next: Delivery, who: Contact | null = contact) => {
    setDelivery(next);
    setBusy(true);
    setError(null);
    attempt.current ??= crypto.randomUUID();
    try {
      const where = next.address_id
        ? { address_id: next.address_id }
        : { address: filledAddress(next.address), save_address: next.save_address };
      const created = await api(checkoutApi.create, {
        params: { slug: shopSlug },
        body: {
          ...(user ? {} : { items, contact: contactBody(who) }),
          delivery_type: next.delivery_type,
          ...(next.delivery_type === "to_branch" ? {} : where),
          rate_id: next.rate_id,
        },
        headers: { "idempotency-key": attempt.current },
      });
      attempt.current = null;
      writeLocalCheckout(shopSlug, null);
      // The server empties a signed-in cart with the purchase; a guest's cart stays until paid, so a restart keeps it.
      if (user) forgetCart(shopSlug);
      setCheckout(created);
      setStep(2);
      navigate(`?checkout=${created.id}&token=${encodeURIComponent(created.access_token)}`, { replace: true, preventScrollReset: true });
    } catch (failure) {
      attempt.current = null;
      const details = failure instanceof ApiRequestError ? (failure.body as { details?: { max?: number } }).details : undefined;
      const message =
        failure instanceof ApiRequestError
          ? details?.max !== undefined
            ? t(messageCode(failure.body.code), { max: details.max })
            : failure.body.message
          : t("unknown");
      // The step keeps the reason beside its button; the 'Error' toast shows it for 7 s (commerce-and-accounts §8, §9).
      setError(message);
      notifyError(t("error_title"), null, message);
    } finally {
      setBusy(false);
    }
  };

  // Someone paying through a shared link stays on it, so their own cart is not taken for the purchase's.
  const paidHref = (view: CheckoutView) =>
    `${shopHref(basePath, "/pagado")}?${shared && view.public_slug ? `compartido=${view.public_slug}` : `checkout=${view.id}&token=${encodeURIComponent(view.access_token)}`}`;

  const paid = (result: PayResult) => {
    if (result.status === "requires_action" && result.next_action) return window.location.assign(result.next_action.redirect_to_url.url);
    if (result.status === "redirect" && result.approval_url) return window.location.assign(result.approval_url);
    navigate(paidHref(result.checkout));
  };

  const onExpire = useCallback(() => setExpired(true), []);

  const restart = () => {
    setExpired(false);
    setCheckout(null);
    setStep(user ? 1 : 0);
    navigate(shopHref(basePath, "/comprar"), { replace: true });
  };

  if (expired) {
    return (
      <Alert color="yellow" title={t("expired_title")} role="alert">
        {t("checkout_expired")}
        <Group mt="sm">
          <Button onClick={restart}>{t("restart_checkout")}</Button>
        </Group>
      </Alert>
    );
  }
  if (!checkout && !loaded) return <Skeleton height={240} radius="md" aria-busy="true" />;
  if (!checkout && cart.orders.length === 0) {
    return (
      <Stack align="center" py="xl">
        <Alert color="gray">{t("cart_empty")}</Alert>
        <Button component={Link} to={shopHref(basePath, "/")} variant="light">
          {t("keep_buying")}
        </Button>
      </Stack>
    );
  }
  const unconfigured = cart.orders.find((order) => !order.is_configured);

  return (
    <Stack gap="lg">
      {checkout && <Countdown seconds={checkout.seconds_left} onExpire={onExpire} />}
      {!checkout && unconfigured && (
        <Alert color="yellow" title={t("supplier_missing_config")}>
          {t("supplier_missing_config_text")}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <Stepper
          active={shownSteps.indexOf(current)}
          size="xs"
          wrap={false}
          allowNextStepsSelect={false}
          onStepClick={(index) => !checkout && setStep(shownSteps[index])}
        >
          {!user && (
            <Stepper.Step label={t("step_contact")} allowStepSelect={!checkout}>
              <ContactStep
                initial={contact ?? { full_name: "", email: "", phone: "" }}
                onDone={(value) => {
                  setContact(value);
                  writeLocalCheckout(shopSlug, { startAsAnonymous: true, contact: value });
                  setStep(digitalOnly ? 2 : 1);
                  if (digitalOnly) create(digitalDelivery, value);
                }}
              />
            </Stepper.Step>
          )}
          {!digitalOnly && (
            <Stepper.Step label={t("step_delivery")} allowStepSelect={!checkout}>
              <DeliveryStep
                shopSlug={shopSlug}
                items={items}
                initial={delivery}
                signedIn={Boolean(user)}
                busy={busy}
                error={error}
                onDone={create}
              />
            </Stepper.Step>
          )}
          <Stepper.Step label={t("step_payment")}>
            {checkout ? (
              <PaymentStep
                checkout={checkout}
                returnPath={shopHref(basePath, "/pagado")}
                initialError={canceled ? t("payment_canceled") : null}
                onResult={paid}
              />
            ) : (
              digitalOnly && <DigitalStep busy={busy} error={error} onContinue={() => create(digitalDelivery)} />
            )}
          </Stepper.Step>
        </Stepper>
      </Paper>
      {checkout && <OrderSummary checkout={checkout} />}
      {checkout && <ShareCheckout checkout={checkout} basePath={basePath} />}
    </Stack>
  );
}
