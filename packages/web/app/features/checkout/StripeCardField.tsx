import { Alert, Box, Button, Skeleton, Stack } from "@mantine/core";
import { CardProviderUnavailable } from "./CardFieldForm";
import { useEffect, useRef, useState } from "react";
import { useT } from "../../lib/i18n";
import { loadProviderScripts } from "./providerScript";

/**
 * The card field of a shop charging live with its own Stripe account (issue #18): Stripe.js, loaded from Stripe with the
 * account's publishable key (payment_metadata.str_public_key), draws the card input in Stripe's own frame and turns it
 * into a PaymentMethod id; only that id reaches our API. The sandbox's frame stays in place for shops in test mode.
 */
export const STRIPE_JS_URL = "https://js.stripe.com/v3/";

interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: "change", handler: (change: { complete: boolean; error?: { message: string } }) => void): void;
}
interface StripeJs {
  elements(): { create(type: "card", options?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(input: { type: "card"; card: StripeCardElement }): Promise<{
    paymentMethod?: { id: string; card?: { last4?: string } };
    error?: { message?: string };
  }>;
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

export function StripeCardField({ publicKey, onCard }: { publicKey: string; onCard: (card: { token: string; last4: string }) => void }) {
  const t = useT();
  const mount = useRef<HTMLDivElement>(null);
  const field = useRef<{ stripe: StripeJs; card: StripeCardElement } | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "unavailable">("loading");
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let gone = false;
    loadProviderScripts([STRIPE_JS_URL])
      .then(() => {
        if (gone || !window.Stripe || !mount.current) return;
        const stripe = window.Stripe(publicKey);
        const card = stripe.elements().create("card", { hidePostalCode: true });
        card.mount(mount.current);
        card.on("change", (change) => {
          setComplete(change.complete);
          setError(change.error?.message ?? null);
        });
        field.current = { stripe, card };
        setState("ready");
      })
      .catch(() => !gone && setState("unavailable"));
    return () => {
      gone = true;
      field.current?.card.destroy();
      field.current = null;
    };
  }, [publicKey]);

  const useCard = async () => {
    if (!field.current) return;
    setBusy(true);
    const result = await field.current.stripe.createPaymentMethod({ type: "card", card: field.current.card });
    setBusy(false);
    if (!result.paymentMethod) {
      setError(result.error?.message ?? t("card_error"));
      return;
    }
    onCard({ token: result.paymentMethod.id, last4: result.paymentMethod.card?.last4 ?? "" });
  };

  if (state === "unavailable") return <CardProviderUnavailable />;
  return (
    <Stack gap="xs" aria-label={t("card_frame_title")} role="group">
      {state === "loading" && <Skeleton height={44} radius="sm" />}
      <Box
        ref={mount}
        p="sm"
        style={{ border: "1px solid var(--mantine-color-gray-4)", borderRadius: 8, display: state === "ready" ? "block" : "none" }}
      />
      {error && (
        <Alert color="red" role="alert" p="xs">
          {error}
        </Alert>
      )}
      <Button variant="default" onClick={useCard} disabled={state !== "ready" || !complete} loading={busy}>
        {t("card_use")}
      </Button>
    </Stack>
  );
}
