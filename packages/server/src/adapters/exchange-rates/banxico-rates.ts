import { type ExchangeRates, ExchangeRateError, satRate } from "./exchange-rates";

/**
 * Banco de México's SIE API (https://www.banxico.org.mx/SieAPIRest/service/v1): the FIX rate and the rates it publishes
 * in the Diario Oficial, by series, with the platform's query token in the Bmx-Token header. The invoice takes the rate
 * of the last banking day before its own day (SAT's rule for TipoCambio); days without a rate answer "N/E" and are
 * skipped. `baseUrl` points it at a local fake (tests, fakes/banxico-fake.ts).
 */
export const BANXICO_URL = "https://www.banxico.org.mx/SieAPIRest/service/v1";

/** SIE series of each currency's rate to pesos (FIX for dollars; the DOF rates of the others). */
export const BANXICO_SERIES: Record<string, string> = {
  USD: "SF43718",
  EUR: "SF46410",
  CAD: "SF60632",
  GBP: "SF46407",
};

type SieAnswer = { bmx?: { series?: { idSerie?: string; datos?: { fecha: string; dato: string }[] }[] } };

/** yyyy-mm-dd of an instant in Mexico City. */
function mexicoDay(instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(instant);
}

/** SIE's dd/mm/yyyy as yyyy-mm-dd. */
function isoOf(fecha: string): string {
  const [day, month, year] = fecha.split("/");
  return `${year}-${month}-${day}`;
}

export function createBanxicoRates(options: { token: string; baseUrl?: string; fetch?: typeof fetch }): ExchangeRates {
  const get = options.fetch ?? fetch;
  return {
    name: "banxico",
    async rateOn(currency, day) {
      const series = BANXICO_SERIES[currency];
      if (!series) throw new ExchangeRateError("invoice_currency_unsupported", currency);
      const until = new Date(day.getTime() - 24 * 60 * 60 * 1000);
      const since = new Date(day.getTime() - 10 * 24 * 60 * 60 * 1000);
      const url = `${options.baseUrl ?? BANXICO_URL}/series/${series}/datos/${mexicoDay(since)}/${mexicoDay(until)}`;
      let answer: SieAnswer;
      try {
        const response = await get(url, { headers: { "Bmx-Token": options.token, accept: "application/json" } });
        if (!response.ok) throw new ExchangeRateError("invoice_exchange_rate_failed", `Banxico answered ${response.status}`);
        answer = (await response.json()) as SieAnswer;
      } catch (error) {
        if (error instanceof ExchangeRateError) throw error;
        throw new ExchangeRateError("invoice_exchange_rate_failed", error instanceof Error ? error.message : String(error));
      }
      const data = (answer.bmx?.series ?? []).find((one) => one.idSerie === series)?.datos ?? [];
      const published = data.filter((one) => /^\d/.test(one.dato)).sort((a, b) => isoOf(a.fecha).localeCompare(isoOf(b.fecha)));
      const last = published.at(-1);
      if (!last) throw new ExchangeRateError("invoice_exchange_rate_failed", `no ${series} rate before ${mexicoDay(day)}`);
      return satRate(last.dato.replace(/,/g, ""));
    },
  };
}
