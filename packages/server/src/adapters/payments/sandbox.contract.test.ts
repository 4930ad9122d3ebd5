import { runProviderContract } from "./contract";
import { SANDBOX_SIGNATURE_HEADER, sandboxCards, sandboxGateway } from "./sandbox";
import type { ProviderEvent } from "./provider";

/** The built-in sandbox passes the same contract as every real provider's adapter. */
const now = new Date("2026-03-02T15:00:00Z");
const secret = "sandbox-contract-secret";

runProviderContract("sandbox", {
  checksKeys: false,
  async start() {
    const gateway = sandboxGateway(secret, () => now);
    const card = (number: string) => gateway.tokenizeCard({ number, expMonth: 12, expYear: 2030, cvc: "123" }) as string;
    const deliver = (event: ProviderEvent) => {
      const signed = gateway.signWebhook(event);
      return Promise.resolve({ rawBody: signed.body, headers: { [SANDBOX_SIGNATURE_HEADER]: signed.signature } });
    };
    return {
      keys: { publicKey: "", secretKey: secret, webhookSecret: secret },
      cards: {
        method: "str_card",
        success: card(sandboxCards.success),
        decline: card(sandboxCards.decline),
        threeDS: card(sandboxCards.threeDS),
      },
      redirectMethod: "paypal",
      offlineMethod: "openpay_store",
      finishAction: ({ paymentId, ref, approve }) =>
        deliver({
          id: `evt_${paymentId}_${approve ? "approve" : "reject"}`,
          type: approve ? "payment.succeeded" : "payment.failed",
          payment_id: paymentId,
          ref,
        }),
      payOffline: ({ paymentId, ref }) => deliver({ id: `evt_${paymentId}_paid`, type: "payment.succeeded", payment_id: paymentId, ref }),
      expireOffline: ({ paymentId, ref }) =>
        deliver({ id: `evt_${paymentId}_expired`, type: "payment.expired", payment_id: paymentId, ref }),
      createKeys: () => null,
      now: () => now,
      close: async () => {},
    };
  },
  makeProvider: () => sandboxGateway(secret, () => now),
});
