import { Alert, Box, Text } from "@mantine/core";
import { type MessageCode, hasMessage } from "@tianguis/domain/messages/index";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ApiRequestError } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { type SandboxCard, useSandboxCardToken } from "./useSandboxCardToken";

/** §9: the card provider's frame is 500 px tall. */
const CARD_FRAME_HEIGHT = 500;

/** What a purchase's pay endpoint answers (packages, SMS packages). */
interface ChargeResult {
  status: string;
  code?: string | null;
  next_action?: { redirect_to_url: { url: string } } | null;
}

export interface CardCharge {
  card: SandboxCard | null;
  frameKey: number;
  error: string | null;
  busy: boolean;
  pay(): Promise<void>;
}

/**
 * One charge per click of a card-paid purchase (a membership package, an SMS package): the gateway's card frame gives a
 * token, `charge` sends it with an Idempotency-Key kept until the attempt answers, 3-D Secure leaves for the bank's page,
 * a decline shows its reason and a fresh frame (the token is spent), and the page's data reloads.
 */
export function useCardCharge(
  charge: (cardToken: string, idempotencyKey: string) => Promise<ChargeResult>,
  options: { lastFailed: boolean; failedText: MessageCode },
): CardCharge {
  const t = useT();
  const revalidator = useRevalidator();
  const [card, setCard] = useState<SandboxCard | null>(null);
  const [frameKey, setFrameKey] = useState(0);
  const [error, setError] = useState<string | null>(options.lastFailed ? t("package_payment_declined") : null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<string | null>(null);
  useSandboxCardToken(setCard);

  async function pay() {
    if (!card) return;
    setBusy(true);
    setError(null);
    attempt.current ??= crypto.randomUUID();
    try {
      const result = await charge(card.token, attempt.current);
      attempt.current = null;
      if (result.status === "requires_action" && result.next_action) {
        window.location.assign(result.next_action.redirect_to_url.url);
        return;
      }
      if (result.status === "failed") {
        setError(result.code && hasMessage(result.code) ? t(result.code) : t("package_payment_declined"));
        setCard(null);
        setFrameKey((key) => key + 1);
      }
      await revalidator.revalidate();
    } catch (failure) {
      attempt.current = null;
      setError(failure instanceof ApiRequestError && failure.body.message ? failure.body.message : t(options.failedText));
    } finally {
      setBusy(false);
    }
  }
  return { card, frameKey, error, busy, pay };
}

/** The card frame, the chosen card and the charge's error, as the purchase's payment page shows them. */
export function CardChargeFrame({ charge }: { charge: CardCharge }) {
  const t = useT();
  return (
    <>
      <Box>
        <iframe
          key={charge.frameKey}
          src="/sandbox-pay/card"
          title={t("package_card_frame")}
          style={{ width: "100%", height: CARD_FRAME_HEIGHT, border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
        />
        {charge.card && (
          <Text size="sm" c="teal.9" role="status">
            {t("package_card_ready", { last4: charge.card.last4 })}
          </Text>
        )}
      </Box>
      {charge.error && (
        <Alert color="red" role="alert" title={t("package_payment_error_title")}>
          {charge.error}
        </Alert>
      )}
    </>
  );
}
