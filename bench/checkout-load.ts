/**
 * The checkout bench's load generator, run in its own process (bench/checkout.ts spawns it):
 * `node --import tsx checkout-load.ts <server url> <shop slug> <items JSON> <seconds> <concurrency>`.
 *
 * Each worker buys again and again, as a guest's browser does: prices the cart (POST cart/quote), checks out
 * (POST checkout), has the sandbox gateway tokenise a test card (POST /sandbox-pay/tokens) and pays with it
 * (POST checkouts/:id/pay). Only purchases the pay answer calls `paid` count. Prints one JSON line.
 */

export {};

const [url, slug, itemsJson, secondsArgument, concurrencyArgument] = process.argv.slice(2);
const items = JSON.parse(itemsJson) as { product_id: string; quantity: number }[];
const seconds = Number(secondsArgument);
const concurrency = Number(concurrencyArgument);
const json = { "content-type": "application/json", "accept-encoding": "gzip, deflate, br", "accept-language": "es-MX,es;q=0.9" };

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, { method: "POST", headers: json, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

let paid = 0;
let failed = 0;
const failures = new Map<string, number>();
const latencies: number[] = [];

function fail(step: string, status: number, body: Record<string, unknown>) {
  failed += 1;
  const key = `${step} ${status} ${String(body.code ?? body.status ?? "")}`;
  failures.set(key, (failures.get(key) ?? 0) + 1);
}

async function purchase(): Promise<void> {
  const started = performance.now();
  const quote = await post(`/api/v1/shops/${slug}/cart/quote`, { items });
  if (quote.status !== 200) return fail("quote", quote.status, quote.body);
  const checkout = await post(`/api/v1/shops/${slug}/checkout`, {
    items,
    contact: { full_name: "Bench Shopper", email: "bench@example.com" },
    delivery_type: "to_branch",
  });
  if (checkout.status !== 201) return fail("checkout", checkout.status, checkout.body);
  const card = await post("/sandbox-pay/tokens", {
    number: "4242424242424242",
    name: "Bench Shopper",
    exp_month: 12,
    exp_year: 2040,
    cvc: "123",
  });
  if (card.status !== 200) return fail("card", card.status, card.body);
  const pay = await post(`/api/v1/checkouts/${String(checkout.body.id)}/pay?token=${String(checkout.body.access_token)}`, {
    method: "str_card",
    card_token: card.body.token,
    return_path: `/tienda/${slug}/pagado`,
  });
  if (pay.status !== 200 || pay.body.status !== "paid") return fail("pay", pay.status, pay.body);
  paid += 1;
  latencies.push(performance.now() - started);
}

async function worker(until: number) {
  while (Date.now() < until) {
    try {
      await purchase();
    } catch (error) {
      fail("network", 0, { code: (error as Error).message });
    }
  }
}

// One second of warm-up (not counted), then the measured run.
const warmUntil = Date.now() + 1000;
await Promise.all(Array.from({ length: concurrency }, () => worker(warmUntil)));
latencies.length = 0;
failures.clear();
// Purchases under way when the warm-up ended finish in the measured window: the bench counts their statements and CPU too.
const warmUpPaid = paid;
paid = 0;
failed = 0;
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, () => worker(Date.now() + seconds * 1000)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]) : 0;
console.log(
  JSON.stringify({
    paidPerSecond: paid / elapsed,
    paid,
    warmUpPaid,
    failed,
    failures: Object.fromEntries(failures),
    p50: percentile(0.5),
    p99: percentile(0.99),
  }),
);
