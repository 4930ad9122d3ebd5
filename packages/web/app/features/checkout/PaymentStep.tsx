import { Alert, Box, Button, Radio, SimpleGrid, Stack, Text } from "@mantine/core";
import { paymentsApi } from "@tianguis/domain/routes/payments";
import { formatMoney } from "@tianguis/domain/money";
import { type PaymentMethod, cardMethods, offlineMethods, redirectMethods } from "@tianguis/domain/rules/checkout";
import type { CheckoutView, PayResult } from "@tianguis/domain/schemas/checkout";
import { useRef, useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import type { LiveCard } from "./CardFieldForm";
import { ConektaCardField } from "./ConektaCardField";
import { OpenpayCardField } from "./OpenpayCardField";
import { StripeCardField } from "./StripeCardField";
import { useSandboxCardToken } from "./useSandboxCardToken";

/** Payment: method choice; cards are typed in the gateway's own frame, the API only receives its token. */
export function PaymentStep({
  checkout,
  returnPath,
  initialError,
  onResult,
}: {
  checkout: CheckoutView;
  returnPath: string;
  initialError: string | null;
  onResult: (result: PayResult) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [method, setMethod] = useState<PaymentMethod>(checkout.payment_methods[0] ?? "str_card");
  const [card, setCard] = useState<LiveCard | null>(null);
  const [frameKey, setFrameKey] = useState(0);
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<string | null>(null);

  useSandboxCardToken(setCard);

  const pay = async () => {
    setBusy(true);
    setError(null);
    attempt.current ??= crypto.randomUUID();
    try {
      const result = await api(paymentsApi.pay, {
        params: { id: checkout.id },
        query: { token: checkout.access_token },
        body: {
          method,
          ...(cardMethods.includes(method) && card
            ? { card_token: card.token, ...(card.deviceSessionId ? { device_session_id: card.deviceSessionId } : {}) }
            : {}),
          return_path: returnPath,
        },
        headers: { "idempotency-key": attempt.current },
      });
      attempt.current = null;
      if (result.status === "failed") {
        // A failed card: show the message and load a fresh card frame (the old token is spent).
        setError(t("payment_failed"));
        setCard(null);
        setFrameKey((key) => key + 1);
        return;
      }
      onResult(result);
    } catch (failure) {
      attempt.current = null;
      setError(failure instanceof ApiRequestError ? failure.body.message : t("order_payment_failed"));
    } finally {
      setBusy(false);
    }
  };

  // A card token belongs to the provider that made it: another method starts from an empty card field.
  const choose = (value: string) => {
    setMethod(value as PaymentMethod);
    setCard(null);
    setFrameKey((key) => key + 1);
  };

  const ready = !cardMethods.includes(method) || card !== null;
  // A shop charging live with its own account: the provider's own card field instead of the sandbox's frame.
  const liveField = liveCardField(method, checkout.payment_metadata, setCard);
  // Production, and a supplier without a live payment provider: nothing can charge the purchase (issue #32).
  if (checkout.payment_notice)
    return (
      <Alert color="orange" role="alert" data-testid="payment-notice">
        {t(checkout.payment_notice)}
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Radio.Group label={t("payment_method")} value={method} onChange={choose}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={8} mt={6}>
          {checkout.payment_methods.map((id) => (
            <Radio key={id} value={id} label={t(`pm_${id}`)} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      {liveField &&
        (card ? (
          <Text size="sm" c="teal" role="status">
            {t("card_ready", { last4: card.last4 })}
          </Text>
        ) : (
          <Box key={`${method}-${frameKey}`}>{liveField}</Box>
        ))}
      {cardMethods.includes(method) && !liveField && (
        <Box>
          <iframe
            key={frameKey}
            src="/sandbox-pay/card"
            title={t("card_frame_title")}
            style={{ width: "100%", height: 470, border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
          />
          {card && (
            <Text size="sm" c="teal" role="status">
              {t("card_ready", { last4: card.last4 })}
            </Text>
          )}
        </Box>
      )}
      {redirectMethods.includes(method) && <Text size="sm">{t("redirect_text", { method: t(`pm_${method}`) })}</Text>}
      {offlineMethods.includes(method) && <Text size="sm">{t("offline_text")}</Text>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button size="md" onClick={pay} loading={busy} disabled={!ready}>
        {t("pay_now", { amount: formatMoney({ amount: checkout.total, currency: checkout.currency }, locale) })}
      </Button>
    </Stack>
  );
}

/** The live card field of the account that charges `method` (its public keys are in payment_metadata), or null (sandbox). */
function liveCardField(method: PaymentMethod, metadata: Record<string, string>, onCard: (card: LiveCard) => void) {
  if (method === "str_card" && metadata.str_public_key) return <StripeCardField publicKey={metadata.str_public_key} onCard={onCard} />;
  if (method === "conekta_card" && metadata.ck_public_key) return <ConektaCardField publicKey={metadata.ck_public_key} onCard={onCard} />;
  if (method === "openpay_card" && metadata.op_public_key && metadata.op_merchant_id)
    return (
      <OpenpayCardField
        merchantId={metadata.op_merchant_id}
        publicKey={metadata.op_public_key}
        sandbox={metadata.op_sandbox_mode === "true"}
        onCard={onCard}
      />
    );
  return null;
}
