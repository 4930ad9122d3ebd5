/**
 * Loads a payment provider's own browser script (Stripe.js, Conekta.js, openpay.js) once per page, in order: each script
 * starts when the one before it has run (openpay-data.js extends the OpenPay object openpay.js defines). A script that
 * failed to load is tried again on the next call; the page's CSP names every origin loaded here (server/src/web.ts).
 */
const loaded = new Map<string, Promise<void>>();

function loadOne(url: string): Promise<void> {
  const known = loaded.get(url);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loaded.delete(url);
      script.remove();
      reject(new Error(`${url} did not load`));
    };
    document.head.appendChild(script);
  });
  loaded.set(url, loading);
  return loading;
}

export async function loadProviderScripts(urls: readonly string[]): Promise<void> {
  for (const url of urls) await loadOne(url);
}
