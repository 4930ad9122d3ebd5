import { isLocale } from "@tianguis/domain/locale";
import { loadMessages } from "@tianguis/domain/messages/index";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { preloadRenderedParts } from "./lib/rendered-part";

/**
 * Resolves once the browser has painted the server's HTML (its first contentful paint), at once in a hidden tab, which
 * paints nothing, and after a second at the latest. The scripts often arrive before the page has been painted;
 * hydrating then holds the first paint, and with it the largest one, behind the whole hydration (issue 16).
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return Promise.resolve();
  return new Promise((resolve) => {
    // The observer's own entries (buffered: also a paint before it started), not performance.getEntriesByName: a page
    // whose clock is replaced (a test's fake timers) may answer that from its own empty list.
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
    setTimeout(resolve, 1000);
  });
}

/**
 * React Router's client entry, after the page has been painted and the texts of its language are there: the browser
 * starts with the Spanish texts of the shop pages only, so any other page, or one in English or Argentine Spanish,
 * loads its language's chunk first. A page holding parts the server rendered for this visitor alone (the shop's admin
 * bar, lib/rendered-part.tsx) also waits for their code.
 */
const { lang, dataset } = document.documentElement;
const shopTexts = lang === "es" && dataset.texts === "shop";
void Promise.all([isLocale(lang) && !shopTexts ? loadMessages(lang) : undefined, afterFirstPaint(), preloadRenderedParts()]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
