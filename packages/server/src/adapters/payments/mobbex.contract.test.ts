import { runProviderContract } from "./contract";
import { type MobbexFake, startMobbexFake } from "./fakes/mobbex-fake";
import { createMobbexProvider } from "./mobbex";

/** Mobbex's adapter passes the shared contract against the local fake of Mobbex's API. */
const now = new Date("2026-03-02T15:00:00Z");
const fakes = new WeakMap<object, MobbexFake>();

runProviderContract("mobbex", {
  checksKeys: true,
  unsignedWebhooks: true,
  async start() {
    const fake = await startMobbexFake(() => now);
    const contract = {
      // Mobbex signs nothing: the shop's webhook secret signs the token Tianguis puts in each checkout's webhook URL.
      keys: { publicKey: fake.apiKey, secretKey: fake.accessToken, webhookSecret: "shop-chosen-mobbex-secret" },
      redirectMethod: "mobbex",
      /** The shopper pays (or is declined) on Mobbex's checkout and Mobbex posts the operation. */
      async finishAction({ ref, approve }: { ref: string; approve: boolean }) {
        fake.pay(fake.checkoutIds(ref).at(-1) ?? "", approve ? "approved" : "declined");
        const operation = fake.operations(ref).at(-1);
        const webhook = fake.webhook(operation?.id ?? "");
        return { rawBody: webhook.body, headers: webhook.headers, url: webhook.url };
      },
      /** Mobbex takes no idempotency key: the checkout's `reference` (one paid operation per reference) is its guard. */
      createKeys: () =>
        fake.requests
          .filter((request) => request.path === "/p/checkout")
          .map((request) => String((request.body as { reference?: string }).reference ?? "")),
      now: () => now,
      close: () => fake.close(),
    };
    fakes.set(contract, fake);
    return contract;
  },
  makeProvider(contract, keys = {}) {
    const fake = fakes.get(contract) as MobbexFake;
    return createMobbexProvider({
      ...contract.keys,
      ...keys,
      baseUrl: fake.url,
      notifyUrl: "https://tianguis.example/api/v1/webhooks/mobbex/contract",
    });
  },
});
