import { isLocale } from "@tianguis/domain/locale";
import { loadMessages } from "@tianguis/domain/messages/index";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's client entry, after the texts of the page's language are there: the browser starts with Spanish
 * only, so a page rendered in English or Argentine Spanish loads that language's chunk before hydrating.
 */
const lang = document.documentElement.lang;
void (isLocale(lang) ? loadMessages(lang) : Promise.resolve()).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
