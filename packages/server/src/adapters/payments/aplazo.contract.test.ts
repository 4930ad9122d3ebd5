import { createAplazoProvider } from "./aplazo";
import { runProviderContract } from "./contract";
import { type AplazoFake, startAplazoFake } from "./fakes/aplazo-fake";

/** Aplazo's adapter passes the shared contract against the local fake of Aplazo's Online API. */
const now = new Date("2026-03-02T15:00:00Z");
const fakes = new WeakMap<object, AplazoFake>();

runProviderContract("aplazo", {
  checksKeys: true,
  unsignedWebhooks: true,
  async start() {
    const fake = await startAplazoFake();
    const contract = {
      keys: { publicKey: String(fake.merchantId), secretKey: fake.apiToken, webhookSecret: fake.webhookToken },
      redirectMethod: "aplazo",
      /** The shopper pays the first instalment (or is turned down) and Aplazo posts the loan's status. */
      async finishAction({ ref, approve }: { ref: string; approve: boolean }) {
        if (approve) fake.approve(ref);
        else fake.reject(ref);
        const webhook = fake.webhook(ref);
        return { rawBody: webhook.body, headers: webhook.headers };
      },
      /** Aplazo's idempotency key is the loan's cartId. */
      createKeys: () =>
        fake.requests
          .filter((request) => request.path === "/api/loan")
          .map((request) => String((request.body as { cartId?: string }).cartId ?? "")),
      now: () => now,
      close: () => fake.close(),
    };
    fakes.set(contract, fake);
    return contract;
  },
  makeProvider(contract, keys = {}) {
    const fake = fakes.get(contract) as AplazoFake;
    return createAplazoProvider({
      ...contract.keys,
      ...keys,
      baseUrl: fake.url,
      merchantBaseUrl: fake.url,
      notifyUrl: "https://tianguis.example/api/v1/webhooks/aplazo/contract",
    });
  },
});
