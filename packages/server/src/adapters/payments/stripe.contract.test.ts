import { describe, expect, it } from "vitest";
import { runProviderContract } from "./contract";
import { startStripeFake, stripeTestCards, type StripeFake } from "./fakes/stripe-fake";
import { createStripeProvider } from "./stripe";

/** The Stripe adapter, over the official SDK pointed at a local fake of Stripe's API, passes the sandbox's contract. */
const keys = { publicKey: "pk_test_51Tianguis0000", secretKey: "sk_test_51Tianguis4242", webhookSecret: "whsec_tianguis_test" };
const clock = new Date("2026-03-02T15:00:00Z");

const provider = (fake: { url: string }, override: Partial<typeof keys> = {}) =>
  createStripeProvider({ ...keys, ...override, baseUrl: fake.url, siteUrl: "https://demo.tianguis.mx" });

runProviderContract("stripe", {
  checksKeys: true,
  async start() {
    const fake = await startStripeFake({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret, now: () => clock });
    return {
      ...fake,
      keys,
      cards: { method: "str_card", ...stripeTestCards },
      finishAction: async ({ ref, approve }) => fake.finishChallenge(ref, approve),
      createKeys: () => fake.idempotencyKeys(),
      now: () => clock,
    };
  },
  makeProvider: (fake, override) => provider(fake as unknown as StripeFake, override),
});

describe("stripe adapter details", () => {
  it("sends the absolute return URL and our payment id, and reads a signed refund update", async () => {
    const fake = await startStripeFake({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret, now: () => clock });
    try {
      const stripe = provider(fake);
      const result = await stripe.chargeCard({
        paymentId: "pay-1",
        token: stripeTestCards.threeDS,
        amount: 5000,
        currency: "MXN",
        returnUrl: "/tienda/demo/comprar?checkout=c1",
      });
      const create = fake.requests.find((request) => request.path === "/v1/payment_intents");
      expect(create?.body).toMatchObject({
        return_url: "https://demo.tianguis.mx/tienda/demo/comprar?checkout=c1",
        "metadata[payment_id]": "pay-1",
        currency: "mxn",
        confirm: "true",
      });
      expect(create?.headers["idempotency-key"]).toBe("pay-1");
      expect(result.status).toBe("requires_action");

      const refundEvent = fake.sign({
        id: "evt_refund_1",
        object: "event",
        created: Math.floor(clock.getTime() / 1000),
        type: "refund.updated",
        data: { object: { id: "re_1", object: "refund", status: "succeeded", metadata: { refund_id: "r-1" } } },
      });
      expect(await stripe.parseWebhook({ ...refundEvent, now: clock })).toMatchObject({
        type: "refund.succeeded",
        refund_id: "r-1",
        ref: "re_1",
      });
      const other = fake.sign({ id: "evt_x", object: "event", created: 1, type: "customer.created", data: { object: {} } }, clock);
      expect(await stripe.parseWebhook({ ...other, now: clock })).toMatchObject({ id: "evt_x", type: "ignored" });
    } finally {
      await fake.close();
    }
  });

  it("tells the shop owner Stripe is down rather than that the card failed", async () => {
    const stripe = createStripeProvider({ ...keys, baseUrl: "http://127.0.0.1:9", siteUrl: "https://demo.tianguis.mx" });
    await expect(stripe.testConnection()).rejects.toMatchObject({ code: "provider_unavailable" });
  });
});
