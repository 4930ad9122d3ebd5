import { describe, expect, it } from "vitest";
import { createConektaProvider } from "./conekta";
import { runProviderContract } from "./contract";
import { type ConektaFake, conektaTestTokens, startConektaFake } from "./fakes/conekta-fake";

/** The Conekta adapter, over the official SDK pointed at a local fake of Conekta's API, passes the sandbox's contract. */
const clock = new Date("2026-03-02T15:00:00Z");
const secretKey = "key_private_test_Tianguis4242";
const publicKey = "key_public_test_Tianguis0000";

const provider = (fake: ConektaFake, override: { secretKey?: string; webhookSecret?: string } = {}) =>
  createConektaProvider({
    publicKey,
    secretKey: override.secretKey ?? secretKey,
    webhookSecret: override.webhookSecret ?? fake.webhookPublicKey,
    baseUrl: fake.url,
    siteUrl: "https://demo.tianguis.mx",
    now: () => clock,
  });

runProviderContract("conekta", {
  checksKeys: true,
  async start() {
    const fake = await startConektaFake({ privateKey: secretKey, now: () => clock });
    return Object.assign(fake, {
      keys: { publicKey, secretKey, webhookSecret: fake.webhookPublicKey },
      cards: { method: "conekta_card", ...conektaTestTokens },
      offlineMethod: "conekta_oxxo",
      finishAction: async ({ ref, approve }: { ref: string; approve: boolean }) =>
        fake.emit(ref, approve ? "order.paid" : "order.declined"),
      payOffline: async ({ ref }: { ref: string }) => fake.emit(ref, "order.paid"),
      expireOffline: async ({ ref }: { ref: string }) => fake.emit(ref, "order.expired"),
      createKeys: () => fake.idempotencyKeys(),
      now: () => clock,
    });
  },
  makeProvider: (fake, override) => provider(fake as unknown as ConektaFake, override),
});

describe("conekta adapter details", () => {
  it("creates an OXXO order with the buyer, our payment id and a 48-hour deadline", async () => {
    const fake = await startConektaFake({ privateKey: secretKey, now: () => clock });
    try {
      const conekta = provider(fake);
      const cash = await conekta.createOffline({
        paymentId: "pay-7",
        method: "conekta_oxxo",
        amount: 25_000,
        currency: "MXN",
        customer: { name: "Carlos Pérez", email: "carlos@demo.tianguis.mx" },
      });
      expect(cash.expiresAt).toEqual(new Date(clock.getTime() + 48 * 3600 * 1000));
      expect(cash.reference).toMatch(/^\d{14}$/);
      const create = fake.requests.find((request) => request.path === "/orders");
      expect(create?.headers["idempotency-key"]).toBe("pay-7");
      expect(create?.headers.accept).toContain("application/vnd.conekta");
      expect(create?.body).toMatchObject({ metadata: { payment_id: "pay-7" }, customer_info: { email: "carlos@demo.tianguis.mx" } });
    } finally {
      await fake.close();
    }
  });

  it("refuses a webhook signed by another webhook key and a charge without the buyer", async () => {
    const fake = await startConektaFake({ privateKey: secretKey, now: () => clock });
    const other = await startConektaFake({ privateKey: secretKey, now: () => clock });
    try {
      const conekta = provider(fake);
      const charged = await conekta.chargeCard({
        paymentId: "pay-8",
        token: conektaTestTokens.threeDS,
        amount: 100,
        currency: "MXN",
        returnUrl: "/x",
        customer: { name: "Ana", email: "ana@demo.tianguis.mx" },
      });
      const delivery = fake.emit(charged.ref, "order.paid");
      expect(await provider(other).parseWebhook({ ...delivery, now: clock })).toBeNull();
      expect(await conekta.parseWebhook({ ...delivery, now: clock })).toMatchObject({ type: "payment.succeeded", payment_id: "pay-8" });
      await expect(
        conekta.chargeCard({ paymentId: "pay-9", token: conektaTestTokens.success, amount: 100, currency: "MXN", returnUrl: "/x" }),
      ).rejects.toMatchObject({ code: "provider_request_failed" });
    } finally {
      await Promise.all([fake.close(), other.close()]);
    }
  });
});
