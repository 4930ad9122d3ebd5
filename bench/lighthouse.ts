import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/**
 * Lighthouse 12 from npm (the last line that runs on Node 20) with Debian's Chromium, its default mobile preset
 * (simulated slow 4G and a 4× slower CPU), against the server the caller started in its own process. Each page is
 * audited `runs` times in a fresh headless Chromium and the run with the median performance score is reported.
 */

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  seo: number;
  /** Largest Contentful Paint, Total Blocking Time and Time to Interactive, in milliseconds. */
  lcp: number;
  tbt: number;
  tti: number;
}

async function auditOnce(url: string): Promise<Omit<LighthouseRow, "page">> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=es-MX"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility", "seo"],
      // A shopper in Mexico, as in the first-visit measure: the page in Spanish, without the English texts' chunk.
      extraHeaders: { "Accept-Language": "es-MX,es;q=0.9" },
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
    const millis = (name: string) => Math.round(audits[name]?.numericValue ?? Number.NaN);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      seo: score("seo"),
      lcp: millis("largest-contentful-paint"),
      tbt: millis("total-blocking-time"),
      tti: millis("interactive"),
    };
  } finally {
    chrome.kill();
  }
}

export async function lighthouseScores(baseUrl: string, pages: { label: string; path: string }[], runs = 1): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const { label, path } of pages) {
    const results: Omit<LighthouseRow, "page">[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await auditOnce(`${baseUrl}${path}`);
      results.push(result);
      // Every run, not only the median: on a shared machine the spread says how far to trust the median.
      if (runs > 1)
        console.log(
          `lighthouse ${label}, run ${run + 1}/${runs}: performance ${result.performance}, LCP ${result.lcp} ms, TBT ${result.tbt} ms (load average ${os.loadavg()[0].toFixed(1)})`,
        );
    }
    results.sort((a, b) => a.performance - b.performance);
    rows.push({ page: label, ...results[Math.floor(results.length / 2)] });
  }
  return rows;
}

export function printLighthouse(rows: LighthouseRow[]) {
  console.log("\nLighthouse 12, mobile preset (Debian Chromium)   perf   a11y    SEO   LCP ms   TBT ms   TTI ms");
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(47)} ${[row.performance, row.accessibility, row.seo].map((value) => String(value).padStart(6)).join(" ")} ${[row.lcp, row.tbt, row.tti].map((value) => String(value).padStart(8)).join(" ")}`,
    );
  }
}
