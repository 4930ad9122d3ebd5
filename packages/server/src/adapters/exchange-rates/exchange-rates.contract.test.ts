import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBanxicoRates } from "./banxico-rates";
import { SANDBOX_RATES, createSandboxRates, satRate } from "./exchange-rates";
import { type BanxicoFake, startBanxicoFake } from "./fakes/banxico-fake";

const token = "bmx-token-0123456789abcdef";
const day = new Date("2026-11-28T18:00:00Z");

describe("exchange rates: the sandbox's table", () => {
  it("answers its fixed rates with 6 decimals and refuses a currency it has none for", async () => {
    const rates = createSandboxRates();
    await expect(rates.rateOn("USD", day)).resolves.toBe(SANDBOX_RATES.USD);
    await expect(rates.rateOn("ARS", day)).rejects.toMatchObject({ code: "invoice_currency_unsupported" });
  });

  it("satRate writes SAT's 6 decimals and refuses what is not a rate", () => {
    expect(satRate("17.2487")).toBe("17.248700");
    expect(() => satRate("N/E")).toThrow();
    expect(() => satRate("0")).toThrow();
  });
});

describe("exchange rates: Banxico's SIE API against its local fake", () => {
  let fake: BanxicoFake;
  beforeAll(async () => {
    fake = await startBanxicoFake({ token });
  });
  afterAll(async () => fake.close());

  it("takes the FIX of the last banking day before the invoice's, skipping days without one (N/E)", async () => {
    fake.publish("SF43718", "2026-11-25", "17.1020");
    fake.publish("SF43718", "2026-11-26", "17.2487");
    fake.publish("SF43718", "2026-11-27", "N/E");
    fake.publish("SF43718", "2026-11-28", "17.9999");
    const rates = createBanxicoRates({ token, baseUrl: fake.url });
    await expect(rates.rateOn("USD", day)).resolves.toBe("17.248700");
    expect(fake.requests.at(-1)).toMatchObject({ path: "/series/SF43718/datos/2026-11-18/2026-11-27", token });
  });

  it("refuses a currency without a series, a wrong token and a week with no rate", async () => {
    await expect(createBanxicoRates({ token, baseUrl: fake.url }).rateOn("ARS", day)).rejects.toMatchObject({
      code: "invoice_currency_unsupported",
    });
    await expect(createBanxicoRates({ token: "wrong", baseUrl: fake.url }).rateOn("USD", day)).rejects.toMatchObject({
      code: "invoice_exchange_rate_failed",
    });
    await expect(createBanxicoRates({ token, baseUrl: fake.url }).rateOn("EUR", day)).rejects.toMatchObject({
      code: "invoice_exchange_rate_failed",
    });
  });

  it("an unreachable API is a failure to retry, not a rate", async () => {
    const rates = createBanxicoRates({ token, baseUrl: "http://127.0.0.1:9" });
    await expect(rates.rateOn("USD", day)).rejects.toMatchObject({ code: "invoice_exchange_rate_failed" });
  });
});
