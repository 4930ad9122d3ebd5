import { runProviderContract } from "./contract";
import { type OpenpayFake, openpayTestCards, startOpenpayFake } from "./fakes/openpay-fake";
import { createOpenpayProvider } from "./openpay";

/** Openpay's adapter passes the shared contract against the local fake of Openpay's API. */
const now = new Date("2026-03-02T15:00:00Z");
const fakes = new WeakMap<object, OpenpayFake>();

runProviderContract("openpay", {
  checksKeys: true,
  async start() {
    const fake = await startOpenpayFake(() => now);
    const contract = {
      keys: { publicKey: fake.publicKey, secretKey: fake.secretKey, webhookSecret: `${fake.webhookUser}:${fake.webhookPassword}` },
      cards: {
        method: "openpay_card",
        // Openpay's tokens are single-use: openpay.js makes a fresh one for each charge.
        success: () => fake.cardToken(openpayTestCards.success),
        decline: () => fake.cardToken(openpayTestCards.decline),
        threeDS: () => fake.cardToken(openpayTestCards.threeDS),
      },
      offlineMethod: "openpay_bank",
      /**
       * The bank's 3-D Secure page. Approved: Openpay completes the charge and notifies. Refused: Openpay's charge.failed notice;
       * the fake's charge is left pending so the contract's "older failure after the success" scenario can approve it next
       * (openpay.test.ts covers a refused challenge end to end).
       */
      async finishAction({ ref, approve }: { ref: string; approve: boolean }) {
        if (!approve) return delivery(fake.webhook("charge.failed", ref, now, { status: "failed" }));
        fake.complete3ds(ref, true);
        return delivery(fake.webhook("charge.succeeded", ref));
      },
      async payOffline({ ref }: { ref: string }) {
        fake.payOffline(ref);
        return delivery(fake.webhook("charge.succeeded", ref));
      },
      async expireOffline({ ref }: { ref: string }) {
        fake.expire(ref);
        return delivery(fake.webhook("charge.cancelled", ref));
      },
      /** Openpay's idempotency key is the charge's order_id. */
      createKeys: () =>
        fake.requests
          .filter((request) => request.method === "POST" && request.path.endsWith("/charges"))
          .map((request) => String((request.body as { order_id?: string }).order_id ?? "")),
      now: () => now,
      close: () => fake.close(),
    };
    fakes.set(contract, fake);
    return contract;
  },
  makeProvider(contract, keys = {}) {
    const fake = fakes.get(contract) as OpenpayFake;
    return createOpenpayProvider({
      merchantId: fake.merchantId,
      ...contract.keys,
      ...keys,
      baseUrl: fake.url,
      notifyUrl: "https://tianguis.example/api/v1/webhooks/openpay/contract",
      clock: () => now,
    });
  },
});

function delivery(webhook: { body: string; headers: Record<string, string> }) {
  return { rawBody: webhook.body, headers: webhook.headers };
}
