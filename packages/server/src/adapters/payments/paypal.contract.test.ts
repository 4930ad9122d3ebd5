import { runProviderContract } from "./contract";
import { type PaypalFake, startPaypalFake } from "./fakes/paypal-fake";
import { createPaypalProvider } from "./paypal";

/** PayPal's adapter (official SDK) passes the shared contract against the local fake of PayPal's REST API. */
const now = new Date("2026-03-02T15:00:00Z");
const fakes = new WeakMap<object, PaypalFake>();

runProviderContract("paypal", {
  checksKeys: true,
  async start() {
    const fake = await startPaypalFake(() => now);
    const delivery = (webhook: { body: string; headers: Record<string, string> }) => ({ rawBody: webhook.body, headers: webhook.headers });
    const contract = {
      keys: { publicKey: fake.clientId, secretKey: fake.clientSecret, webhookSecret: fake.webhookId },
      redirectMethod: "paypal",
      /**
       * The shopper approves on PayPal and PayPal notifies CHECKOUT.ORDER.APPROVED (the adapter captures then). Refused: the
       * shopper approved with funding PayPal declines at capture.
       */
      async finishAction({ ref, approve }: { ref: string; approve: boolean }) {
        fake.approve(ref, { declineAtCapture: !approve });
        return delivery(fake.webhook("CHECKOUT.ORDER.APPROVED", ref));
      },
      /** PayPal's idempotency key: the PayPal-Request-Id header of each order creation. */
      createKeys: () =>
        fake.requests
          .filter((request) => request.method === "POST" && request.path === "/v2/checkout/orders")
          .map((request) => String(request.headers["paypal-request-id"] ?? "")),
      now: () => now,
      close: () => fake.close(),
    };
    fakes.set(contract, fake);
    return contract;
  },
  makeProvider(contract, keys = {}) {
    const fake = fakes.get(contract) as PaypalFake;
    return createPaypalProvider({
      ...contract.keys,
      ...keys,
      baseUrl: fake.url,
      notifyUrl: "https://tianguis.example/api/v1/webhooks/paypal/contract",
    });
  },
});
