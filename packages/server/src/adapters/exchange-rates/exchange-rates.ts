import { exchangeRateValid } from "@tianguis/domain/rules/cfdi";

/**
 * Where an invoice in another currency takes its TipoCambio (pesos per unit, issue #30 §1): SAT asks for the FIX rate
 * Banco de México publishes (the Diario Oficial's, of the banking day before the invoice). The built-in sandbox answers
 * a fixed table (the demo and tests); Banxico's adapter asks its SIE API with the platform's token. Both pass
 * exchange-rates-contract.ts.
 */
export interface ExchangeRates {
  readonly name: "sandbox" | "banxico";
  /** The rate to pesos for an invoice of `currency` issued on `day`, as SAT decimal text with 6 decimals. */
  rateOn(currency: string, day: Date): Promise<string>;
}

/** The source has no rate for that currency (not published), or could not be reached. */
export class ExchangeRateError extends Error {
  constructor(
    readonly code: "invoice_currency_unsupported" | "invoice_exchange_rate_failed",
    message?: string,
  ) {
    super(message ?? code);
    this.name = "ExchangeRateError";
  }
}

/** A rate as SAT writes it: 6 decimals ("17.2500" → "17.250000"); refuses what is not a positive decimal. */
export function satRate(text: string): string {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) throw new ExchangeRateError("invoice_exchange_rate_failed", `not a rate: ${text}`);
  const rate = Number(trimmed).toFixed(6);
  if (!exchangeRateValid(rate)) throw new ExchangeRateError("invoice_exchange_rate_failed", `not a rate: ${text}`);
  return rate;
}

/** The sandbox's rates (pesos per unit): fixed, so the demo's and the tests' invoices are repeatable. */
export const SANDBOX_RATES: Record<string, string> = {
  USD: "17.250000",
  EUR: "18.900000",
  CAD: "12.600000",
  GBP: "22.100000",
};

export function createSandboxRates(): ExchangeRates {
  return {
    name: "sandbox",
    async rateOn(currency) {
      const rate = SANDBOX_RATES[currency];
      if (!rate) throw new ExchangeRateError("invoice_currency_unsupported", currency);
      return rate;
    },
  };
}
