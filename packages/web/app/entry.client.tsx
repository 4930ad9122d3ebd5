import { isLocale } from "@tianguis/domain/locale";
import { loadMessages } from "@tianguis/domain/messages/index";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Resolves once the browser has painted the server's HTML (the frame after the next animation frame), or at once in a
 * hidden tab, which paints nothing. The scripts often arrive before the page has been painted; hydrating then holds
 * the first paint, and with it the largest one, behind the whole hydration (issue 16).
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
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
