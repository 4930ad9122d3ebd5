import { type PaymentAttemptStatus, type PaymentEventType, nextPaymentStatus } from "@tianguis/domain/rules/payment-events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaymentProvider, type ProviderEvent, ProviderError } from "./provider";

/**
 * The scenarios every payment adapter must pass (issue #18), run against the built-in sandbox and against each real
 * provider's adapter pointed at a local fake of that provider's API, so the sandbox and the adapters cannot drift apart.
 */
export interface SignedDelivery {
  rawBody: string;
  /** Path and query the provider calls, when the check lives there. */
  url?: string;
  /** Header names lower-cased, as Fastify gives them. */
  headers: Record<string, string>;
}

/** The provider's side of a scenario: what its hosted pages, browser script and webhooks would do. */
export interface ContractFake {
  /** The account's keys as the shop owner would paste them (the secret must never reach publicConfig). */
  keys: { publicKey: string; secretKey: string; webhookSecret: string };
  /** Card tokens the provider's own browser script makes for its published test cards; absent when it takes no cards. */
  cards?: { method: string; success: CardToken; decline: CardToken; threeDS: CardToken };
  redirectMethod?: string;
  offlineMethod?: string;
  /** The shopper answered the 3-D Secure challenge or the approval page: the webhook the provider then sends. */
  finishAction(input: { paymentId: string; ref: string; approve: boolean }): Promise<SignedDelivery>;
  /** The shopper paid the cash/SPEI reference; and its deadline passed unpaid: the webhooks the provider sends. */
  payOffline?(input: { paymentId: string; ref: string }): Promise<SignedDelivery>;
  expireOffline?(input: { paymentId: string; ref: string }): Promise<SignedDelivery>;
  /** The idempotency keys the provider received on create calls, oldest first; null when it is not reached over HTTP. */
  createKeys(): string[] | null;
  /** The provider's clock (webhook timestamps); the receiver's `now` in scenarios. */
  now(): Date;
  close(): Promise<void>;
}

/** A token the provider's script made, or a way to make a fresh one (providers whose tokens are single-use). */
export type CardToken = string | (() => Promise<string>);

export interface ContractSetup {
  start(): Promise<ContractFake>;
  makeProvider(fake: ContractFake, keys?: Partial<ContractFake["keys"]>): PaymentProvider;
  /** False for the sandbox, which has no keys to get wrong. */
  checksKeys: boolean;
  /**
   * The provider does not sign its webhooks (Mobbex; Aplazo's static token): the adapter builds the event from the
   * provider's API answer, so a tampered or headerless delivery reads as null or as the genuine event, never another.
   */
  unsignedWebhooks?: boolean;
}

const REPLAY_AFTER_MS = 10 * 60 * 1000;
const amount = 12_345;
const currency = "MXN";
const customer = { name: "Carlos Pérez", email: "carlos@demo.tianguis.mx", phone: "5512345678" };
let sequence = 0;
const newPaymentId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, "0")}`;

function tamper(delivery: SignedDelivery): SignedDelivery {
  const rawBody = delivery.rawBody.includes("succeeded")
    ? delivery.rawBody.replace("succeeded", "failed")
    : delivery.rawBody.replace(/"amount":\s*(\d+)/, (_match, value) => `"amount":${Number(value) + 1}`);
  return { ...delivery, rawBody: rawBody === delivery.rawBody ? `${rawBody} ` : rawBody };
}

export function runProviderContract(name: string, setup: ContractSetup): void {
  describe(`${name}: payment provider contract`, () => {
    let fake: ContractFake;
    let provider: PaymentProvider;
    const parse = (delivery: SignedDelivery, now = fake.now()) => provider.parseWebhook({ ...delivery, now });

    beforeAll(async () => {
      fake = await setup.start();
      provider = setup.makeProvider(fake);
    });
    afterAll(async () => fake?.close());

    const cards = () => fake.cards as NonNullable<ContractFake["cards"]>;
    const charge = async (token: CardToken, paymentId = newPaymentId(), idempotencyKey?: string) =>
      provider.chargeCard({
        paymentId,
        idempotencyKey,
        token: typeof token === "string" ? token : await token(),
        amount,
        currency,
        customer,
        deviceSessionId: "contract-device",
        returnUrl: "/tienda/demo/comprar?checkout=c",
      });

    it("connects with good keys and shows the browser only public values", async () => {
      await expect(provider.testConnection()).resolves.toBeUndefined();
      const shown = JSON.stringify(provider.publicConfig());
      expect(shown).not.toContain(fake.keys.secretKey);
      expect(shown).not.toContain(fake.keys.webhookSecret);
    });

    it("refuses bad keys with a coded error", async () => {
      if (!setup.checksKeys) return;
      const wrong = setup.makeProvider(fake, { secretKey: `${fake.keys.secretKey}_wrong` });
      const failure = await wrong.testConnection().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProviderError);
      expect((failure as ProviderError).code).toBe("provider_auth_failed");
    });

    describe("cards", () => {
      it("charges the success card", async () => {
        if (!fake.cards) return;
        const result = await charge(cards().success);
        expect(result.status).toBe("succeeded");
        expect(result.ref).toMatch(/\S/);
      });

      it("reports the decline card as card_declined", async () => {
        if (!fake.cards) return;
        const result = await charge(cards().decline);
        expect(result).toMatchObject({ status: "failed", code: "card_declined" });
      });

      it("sends a 3-D Secure card to the challenge and hears the answer by a signed webhook", async () => {
        if (!fake.cards) return;
        const paymentId = newPaymentId();
        const result = await charge(cards().threeDS, paymentId);
        expect(result.status).toBe("requires_action");
        if (result.status !== "requires_action") return;
        expect(result.actionUrl).toMatch(/^(https?:\/\/|\/)/);
        const approved = await parse(await fake.finishAction({ paymentId, ref: result.ref, approve: true }));
        expect(approved).toMatchObject({ type: "payment.succeeded", payment_id: paymentId, ref: result.ref });

        const rejectedId = newPaymentId();
        const rejected = await charge(cards().threeDS, rejectedId);
        const failed = await parse(await fake.finishAction({ paymentId: rejectedId, ref: rejected.ref, approve: false }));
        expect(failed).toMatchObject({ type: "payment.failed", payment_id: rejectedId });
      });

      it("keeps a card for later purchases when it keeps cards: the kept token charges again, 3-D Secure included", async () => {
        if (!fake.cards || !provider.keepCard) return;
        const token = async (card: CardToken) => (typeof card === "string" ? card : await card());
        const kept = await provider.keepCard({ token: await token(cards().success), customer, idempotencyKey: newPaymentId() });
        expect(kept).toMatchObject({ last4: expect.stringMatching(/^\d{4}$/), brand: expect.any(String) });
        expect(kept!.expMonth).toBeGreaterThanOrEqual(1);
        expect((await charge(kept!.token)).status).toBe("succeeded");
        expect((await charge(kept!.token)).status).toBe("succeeded");
        const challenged = await provider.keepCard({ token: await token(cards().threeDS), customer, idempotencyKey: newPaymentId() });
        expect((await charge(challenged!.token)).status).toBe("requires_action");
        expect(await provider.keepCard({ token: "not-a-token", customer, idempotencyKey: newPaymentId() })).toBeNull();
      });

      it("splits a card charge into the interest-free months it declares", async () => {
        if (!fake.cards || !provider.instalmentMonths?.length) return;
        for (const months of provider.instalmentMonths) {
          const result = await provider.chargeCard({
            paymentId: newPaymentId(),
            token: typeof cards().success === "string" ? (cards().success as string) : await (cards().success as () => Promise<string>)(),
            amount: 360_000,
            currency,
            customer,
            instalments: months,
            returnUrl: "/tienda/demo/comprar?checkout=c",
          });
          expect(result.status).toBe("succeeded");
        }
      });

      it("sends the provider's idempotency key on every create call: a retry returns the same charge", async () => {
        if (!fake.cards) return;
        const paymentId = newPaymentId();
        // A retry resends the same request: the same token under the same key.
        const success = cards().success;
        const token = typeof success === "string" ? success : await success();
        const first = await charge(token, paymentId, `retry-${paymentId}`);
        const again = await charge(token, paymentId, `retry-${paymentId}`);
        expect(again).toEqual(first);
        const keys = fake.createKeys();
        if (keys) expect(keys.filter((key) => key === `retry-${paymentId}`)).toHaveLength(2);
        const other = await charge(cards().success, newPaymentId());
        expect(other.ref).not.toBe(first.ref);
        if (keys) expect(fake.createKeys()?.every((key) => key.length > 0)).toBe(true);
      });
    });

    it("starts a redirect method and hears the shopper's approval", async () => {
      if (!fake.redirectMethod) return;
      const paymentId = newPaymentId();
      const started = await provider.createRedirect({
        paymentId,
        method: fake.redirectMethod,
        amount,
        currency,
        returnUrl: "/vuelta?code=1",
        cancelUrl: "/vuelta?code=2",
        customer,
      });
      expect(started.approvalUrl).toMatch(/^(https?:\/\/|\/)/);
      const event = await parse(await fake.finishAction({ paymentId, ref: started.ref, approve: true }));
      expect(event).toMatchObject({ type: "payment.succeeded", payment_id: paymentId });
    });

    describe("cash and bank transfer", () => {
      const offline = (paymentId: string, idempotencyKey?: string) =>
        provider.createOffline({
          paymentId,
          idempotencyKey,
          method: fake.offlineMethod as string,
          amount,
          currency,
          customer,
        });

      it("gives a reference with a deadline, paid later by webhook", async () => {
        if (!fake.offlineMethod || !fake.payOffline) return;
        const paymentId = newPaymentId();
        const instructions = await offline(paymentId);
        expect(instructions.reference).toMatch(/\S/);
        expect(instructions.expiresAt?.getTime()).toBeGreaterThan(fake.now().getTime());
        const paid = await parse(await fake.payOffline({ paymentId, ref: instructions.ref }));
        expect(paid).toMatchObject({ type: "payment.succeeded", payment_id: paymentId, ref: instructions.ref });
      });

      it("hears that an unpaid reference expired", async () => {
        if (!fake.offlineMethod || !fake.expireOffline) return;
        const paymentId = newPaymentId();
        const instructions = await offline(paymentId);
        const expired = await parse(await fake.expireOffline({ paymentId, ref: instructions.ref }));
        expect(expired).toMatchObject({ type: "payment.expired", payment_id: paymentId });
      });

      it("returns the same reference to a retry", async () => {
        if (!fake.offlineMethod) return;
        const paymentId = newPaymentId();
        const first = await offline(paymentId, `cash-${paymentId}`);
        const again = await offline(paymentId, `cash-${paymentId}`);
        expect(again.ref).toBe(first.ref);
        expect(again.reference).toBe(first.reference);
      });
    });

    describe("refunds", () => {
      it("gives back all or part of a charge, once per refund id", async () => {
        if (!fake.cards) return;
        const paid = await charge(cards().success);
        const partial = await provider.refund({ ref: paid.ref, amount: 2_000, refundId: `refund-${paid.ref}-1` });
        expect(["succeeded", "pending"]).toContain(partial.status);
        const retried = await provider.refund({ ref: paid.ref, amount: 2_000, refundId: `refund-${paid.ref}-1` });
        expect(retried.ref).toBe(partial.ref);
        const rest = await provider.refund({ ref: paid.ref, amount: amount - 2_000, refundId: `refund-${paid.ref}-2` });
        expect(["succeeded", "pending"]).toContain(rest.status);
        expect(rest.ref).not.toBe(partial.ref);
      });
    });

    describe("webhook signatures", () => {
      async function approvedDelivery() {
        const paymentId = newPaymentId();
        if (fake.cards) {
          const result = await charge(cards().threeDS, paymentId);
          return { paymentId, ref: result.ref, delivery: await fake.finishAction({ paymentId, ref: result.ref, approve: true }) };
        }
        const started = await provider.createRedirect({
          paymentId,
          method: fake.redirectMethod as string,
          amount,
          currency,
          returnUrl: "/vuelta?code=1",
          cancelUrl: "/vuelta?code=2",
          customer,
        });
        return { paymentId, ref: started.ref, delivery: await fake.finishAction({ paymentId, ref: started.ref, approve: true }) };
      }

      it("accepts a valid delivery and refuses a tampered one", async () => {
        const { paymentId, delivery } = await approvedDelivery();
        const genuine = await parse(delivery);
        expect(genuine).toMatchObject({ payment_id: paymentId, type: "payment.succeeded" });
        for (const forged of [tamper(delivery), { ...delivery, headers: {} }]) {
          const read = await parse(forged);
          if (setup.unsignedWebhooks && read !== null) expect(read).toEqual(genuine);
          else expect(read).toBeNull();
        }
      });

      it("never applies a replayed delivery twice: stale ones are refused, fresh copies keep their event id", async () => {
        const { delivery } = await approvedDelivery();
        const first = (await parse(delivery)) as ProviderEvent;
        const copy = await parse(delivery);
        expect(copy?.id).toBe(first.id);
        const late = await parse(delivery, new Date(fake.now().getTime() + REPLAY_AFTER_MS));
        expect(late === null || late.id === first.id).toBe(true);
      });

      it("keeps a paid attempt paid when an older failure arrives after the success", async () => {
        const paymentId = newPaymentId();
        const started = fake.cards
          ? await charge(cards().threeDS, paymentId)
          : await provider.createRedirect({
              paymentId,
              method: fake.redirectMethod as string,
              amount,
              currency,
              returnUrl: "/vuelta?code=1",
              cancelUrl: "/vuelta?code=2",
              customer,
            });
        const failure = await fake.finishAction({ paymentId, ref: started.ref, approve: false });
        const success = await fake.finishAction({ paymentId, ref: started.ref, approve: true });
        let status: PaymentAttemptStatus = "requires_action";
        for (const delivery of [success, failure]) {
          const event = await parse(delivery);
          expect(event).not.toBeNull();
          if (event?.type.startsWith("payment.")) status = nextPaymentStatus(status, event.type as PaymentEventType);
        }
        expect(status).toBe("succeeded");
      });
    });
  });
}
