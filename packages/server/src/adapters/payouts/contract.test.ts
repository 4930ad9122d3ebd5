import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenpayPayouts } from "./openpay";
import { type OpenpayPayoutsFake, startOpenpayPayoutsFake } from "./openpay-fake";
import { type PayoutProvider, ProviderUnavailableError } from "./provider";
import { SANDBOX_PAYOUT_SIGNATURE, sandboxClabes, sandboxPayouts } from "./sandbox";

const now = new Date("2026-11-28T12:00:00Z");
const CLABE = "032180000118359719";

interface Harness {
  provider: PayoutProvider;
  refusedClabe: string;
  /** The provider's webhook once its bank answered the payout sent as `ref`. */
  notify(ref: string, payoutId: string, outcome: "settled" | "failed"): { body: string; headers: Record<string, string> };
  /** A provider whose API does not answer. */
  unreachable(): PayoutProvider | null;
}

/** The same scenarios for every payout adapter: the sandbox, and Openpay's payouts API against its local fake. */
function runPayoutContract(name: string, start: () => Promise<{ harness: Harness; stop(): Promise<void> }>) {
  describe(`payout provider contract: ${name}`, () => {
    let harness: Harness;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ harness, stop } = await start());
    });
    afterAll(async () => stop());
    const input = (payoutId: string, clabe = CLABE) => ({
      payoutId,
      amount: 12_345,
      currency: "MXN",
      clabe,
      holderName: "Mateo Ruiz",
      description: "Retiro",
    });

    it("sends a payout, and sending the same payout again is the same transfer (never a second one)", async () => {
      const payoutId = randomUUID();
      const first = await harness.provider.send(input(payoutId));
      expect(first.status).toBe("sent");
      const again = await harness.provider.send(input(payoutId));
      expect(again.status).toBe("sent");
    });

    it("answers 'failed' for a CLABE the provider refuses at once", async () => {
      expect(await harness.provider.send(input(randomUUID(), harness.refusedClabe))).toEqual({ status: "failed", code: "payout_refused" });
    });

    it("reads a genuine webhook: settled, or failed", async () => {
      for (const outcome of ["settled", "failed"] as const) {
        const payoutId = randomUUID();
        const sent = await harness.provider.send(input(payoutId));
        if (sent.status !== "sent") throw new Error("not sent");
        const delivery = harness.notify(sent.ref, payoutId, outcome);
        const event = await harness.provider.verifyWebhook(delivery.body, delivery.headers, now);
        expect(event).toMatchObject({ payoutId, status: outcome });
      }
    });

    it("refuses a forged or tampered webhook", async () => {
      const payoutId = randomUUID();
      const sent = await harness.provider.send(input(payoutId));
      if (sent.status !== "sent") throw new Error("not sent");
      const delivery = harness.notify(sent.ref, payoutId, "failed");
      const unsigned = Object.fromEntries(Object.entries(delivery.headers).filter(([header]) => header === "content-type"));
      expect(await harness.provider.verifyWebhook(delivery.body, unsigned, now)).toBeNull();
      const wrongSecret = {
        ...delivery.headers,
        authorization: `Basic ${Buffer.from("x:y").toString("base64")}`,
        [SANDBOX_PAYOUT_SIGNATURE]: "t=1,v1=abc",
      };
      expect(await harness.provider.verifyWebhook(delivery.body, wrongSecret, now)).toBeNull();
      // The body says settled but the payout failed: the sandbox's signature breaks; Openpay's own record says failed.
      const tampered = delivery.body.replace("failed", "settled").replace("payout.failed", "payout.succeeded");
      const read = await harness.provider.verifyWebhook(tampered, delivery.headers, now);
      expect(read === null || read.status === "failed").toBe(true);
    });

    it("says the provider is unavailable when its API does not answer (the payout is sent again later)", async () => {
      const down = harness.unreachable();
      if (!down) return;
      await expect(down.send(input(randomUUID()))).rejects.toBeInstanceOf(ProviderUnavailableError);
    });
  });
}

runPayoutContract("sandbox", async () => {
  const sandbox = sandboxPayouts("contract-secret");
  return {
    harness: {
      provider: sandbox,
      refusedClabe: sandboxClabes.refuseNow,
      notify: (_ref, payoutId, outcome) => {
        const signed = sandbox.signWebhook({ eventId: `evt_${payoutId}`, payoutId, status: outcome }, now);
        return { body: signed.body, headers: { "content-type": "application/json", [SANDBOX_PAYOUT_SIGNATURE]: signed.signature } };
      },
      unreachable: () => null,
    },
    stop: async () => {},
  };
});

runPayoutContract("openpay (local fake of its payouts API)", async () => {
  const fake: OpenpayPayoutsFake = await startOpenpayPayoutsFake();
  const options = { merchantId: fake.merchantId, secretKey: fake.secretKey, webhookAuth: fake.webhookAuth };
  return {
    harness: {
      provider: createOpenpayPayouts({ ...options, baseUrl: fake.url }),
      refusedClabe: fake.refusedClabe,
      notify: (ref, _payoutId, outcome) => fake.finish(ref, outcome === "settled" ? "completed" : "failed"),
      unreachable: () => createOpenpayPayouts({ ...options, baseUrl: "http://127.0.0.1:9" }),
    },
    stop: () => fake.close(),
  };
});

describe("openpay payouts adapter: what it sends", () => {
  it("posts a bank_account payout in pesos with our payout id as order_id and the platform's key", async () => {
    const fake = await startOpenpayPayoutsFake();
    const provider = createOpenpayPayouts({
      merchantId: fake.merchantId,
      secretKey: fake.secretKey,
      webhookAuth: fake.webhookAuth,
      baseUrl: fake.url,
    });
    const payoutId = randomUUID();
    await provider.send({ payoutId, amount: 12_345, currency: "MXN", clabe: CLABE, holderName: "Mateo Ruiz", description: "Retiro" });
    const [request] = fake.requests;
    expect(request.path).toBe(`/v1/${fake.merchantId}/payouts`);
    expect(request.body).toEqual({
      method: "bank_account",
      bank_account: { clabe: CLABE, holder_name: "Mateo Ruiz" },
      amount: 123.45,
      description: "Retiro",
      order_id: payoutId,
    });
    const wrongKey = createOpenpayPayouts({
      merchantId: fake.merchantId,
      secretKey: "sk_wrong",
      webhookAuth: fake.webhookAuth,
      baseUrl: fake.url,
    });
    await expect(
      wrongKey.send({ payoutId: randomUUID(), amount: 100, currency: "MXN", clabe: CLABE, holderName: "X", description: "R" }),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);
    await fake.close();
  });
});
