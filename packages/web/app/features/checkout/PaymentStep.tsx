import { Alert, Box, Button, Radio, SimpleGrid, Stack, Text } from "@mantine/core";
import { paymentsApi } from "@tianguis/domain/routes/payments";
import { formatMoney } from "@tianguis/domain/money";
import { type PaymentMethod, cardMethods, offlineMethods, redirectMethods } from "@tianguis/domain/rules/checkout";
import type { CheckoutView, PayResult } from "@tianguis/domain/schemas/checkout";
import type { CheckoutCardView } from "@tianguis/domain/schemas/payment";
import { useEffect, useRef, useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { notifyError, notifySuccess } from "../../ui/notify";
import type { LiveCard } from "./CardFieldForm";
import { InstalmentChoice, NEW_CARD, SaveCardCheckbox, SavedCardChoice } from "./CardOptions";
import { ConektaCardField } from "./ConektaCardField";
import { OpenpayCardField } from "./OpenpayCardField";
import { StripeCardField } from "./StripeCardField";
import { useSandboxCardToken } from "./useSandboxCardToken";

/**
 * Payment: method choice; cards are typed in the gateway's own frame, the API only receives its token. A signed-in
 * customer may pay with a saved card or save the new one, and split a card charge into interest-free months (issue #31).
 */
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
  const user = useUser();
  const [savedCards, setSavedCards] = useState<CheckoutCardView[]>([]);
  const [cardChoice, setCardChoice] = useState<string>(NEW_CARD);
  const [saveCard, setSaveCard] = useState(false);
  const [instalments, setInstalments] = useState<number | null>(null);

  useSandboxCardToken(setCard);

  // The customer's cards this purchase's gateway can charge; the first one of the chosen method is preselected.
  useEffect(() => {
    if (!user) return;
    api(paymentsApi.checkoutCards, { query: { checkout_id: checkout.id, token: checkout.access_token } })
      .then((list) => {
        setSavedCards(list.results);
        const first = list.results.find((saved) => saved.method === method);
        if (first) setCardChoice(first.id);
      })
      .catch(() => setSavedCards([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per purchase
  }, [user?.id, checkout.id]);

  const cardsOfMethod = savedCards.filter((saved) => saved.method === method);
  const usingSaved = cardMethods.includes(method) && cardChoice !== NEW_CARD && cardsOfMethod.some((saved) => saved.id === cardChoice);
  const offersInstalments = checkout.instalment_methods.includes(method) && checkout.instalments.length > 0;
  const canSave = Boolean(user) && checkout.card_saving_methods.includes(method) && !usingSaved;

  const removeCard = async (saved: CheckoutCardView) => {
    try {
      await api(paymentsApi.deleteCheckoutCard, { params: { id: saved.id } });
    } catch {
      notifyError(t("error_title"), null, t("card_delete_failed"));
      return;
    }
    setSavedCards((current) => current.filter((row) => row.id !== saved.id));
    if (cardChoice === saved.id) setCardChoice(NEW_CARD);
    notifySuccess(t("success_title"), t("card_deleted"));
  };

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
          ...(usingSaved ? { saved_card_id: cardChoice } : {}),
          ...(!usingSaved && cardMethods.includes(method) && card
            ? { card_token: card.token, ...(card.deviceSessionId ? { device_session_id: card.deviceSessionId } : {}) }
            : {}),
          ...(canSave && saveCard && card ? { save_card: true } : {}),
          ...(offersInstalments && instalments !== null ? { msi_payments: instalments } : {}),
          return_path: returnPath,
        },
        headers: { "idempotency-key": attempt.current },
      });
      attempt.current = null;
      if (canSave && saveCard && result.status === "paid") notifySuccess(t("success_title"), t("card_saved"));
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
    setCardChoice(savedCards.find((saved) => saved.method === value)?.id ?? NEW_CARD);
    setInstalments(null);
  };

  const ready = !cardMethods.includes(method) || usingSaved || card !== null;
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
      {cardMethods.includes(method) && cardsOfMethod.length > 0 && (
        <SavedCardChoice cards={cardsOfMethod} value={usingSaved ? cardChoice : NEW_CARD} onChange={setCardChoice} onDelete={removeCard} />
      )}
      {!usingSaved &&
        liveField &&
        (card ? (
          <Text size="sm" c="teal" role="status">
            {t("card_ready", { last4: card.last4 })}
          </Text>
        ) : (
          <Box key={`${method}-${frameKey}`}>{liveField}</Box>
        ))}
      {cardMethods.includes(method) && !liveField && !usingSaved && (
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
      {canSave && <SaveCardCheckbox checked={saveCard} onChange={setSaveCard} />}
      {offersInstalments && <InstalmentChoice checkout={checkout} value={instalments} onChange={setInstalments} />}
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
