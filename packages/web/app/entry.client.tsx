import { isLocale } from "@tianguis/domain/locale";
import { loadMessages } from "@tianguis/domain/messages/index";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Resolves once the browser has painted the server's HTML (its first contentful paint), at once in a hidden tab, which
 * paints nothing, and after a second at the latest. The scripts often arrive before the page has been painted;
 * hydrating then holds the first paint, and with it the largest one, behind the whole hydration (issue 16).
 */
function afterFirstPaint(): Promise<void> {
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (document.visibilityState === "hidden" || painted() || !PerformanceObserver.supportedEntryTypes?.includes("paint"))
    return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint" });
    setTimeout(resolve, 1000);
  });
}

/**
 * React Router's client entry, after the page has been painted and the texts of its language are there: the browser
 * starts with Spanish only, so a page rendered in English or Argentine Spanish loads that language's chunk first.
 */
const lang = document.documentElement.lang;
void Promise.all([isLocale(lang) ? loadMessages(lang) : undefined, afterFirstPaint()]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
