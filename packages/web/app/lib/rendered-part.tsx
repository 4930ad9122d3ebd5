import { type ComponentType, Suspense, lazy, useState } from "react";
import { loadPageTexts } from "./i18n";
import type { LazyPart } from "./lazy-part";

/** The name of the `<meta>` by which a page says which parts the server rendered into it (React puts it in <head>). */
const marker = "tianguis-rendered-part";

type Registered = { audience: string; preload: () => Promise<unknown> };
const parts = new Map<string, Registered>();

/**
 * A part of a page that only some visitors see (a shop's admins and members, a disabled shop's visitors), rendered by
 * the server for them like the rest of the page, whose code the others never download (issue 16). Its module exports a
 * small component that decides, from what the page already has, whether the visitor sees the part, and renders this
 * one only then; a CSS module the part uses is imported by that small component too, so the page links its styles.
 *
 * The server loads the part's code when it starts and renders the part in place. A page holding the part names it in a
 * `<meta>`, and the browser hydrates such a page once the part's code and all texts of the page's language (a shop page
 * brings only those its own modules name) are there (`preloadRenderedParts`, entry.client.tsx): the part is in the
 * first paint, styled, and as live as the rest of the page from hydration on. No Suspense boundary stands around it on
 * the server: React would send a large one after the rest of the page and show it later, and in the browser it would
 * throw a boundary still waiting for its code away (and show nothing) on any update from above.
 *
 * Mounted later in the browser (a client-side navigation) before its code is there, the part shows once it arrives; so
 * once a page holding a part is live, the code of the other parts of its `audience` loads too (the shop admin's 'add'
 * card is then there at once when she goes from her shop's home to a listing).
 */
export function renderedPart<P extends object>(name: string, audience: string, load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), import.meta.env.SSR ? undefined : loadPageTexts()]).then(([component]) => {
      loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  parts.set(name, { audience, preload });
  // A failure shows when a page renders the part (React.lazy rethrows it), not as the server's crash at start.
  if (import.meta.env.SSR) void preload().catch(() => undefined);
  function Part(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would mount the part again.
    const [Loaded] = useState(() => loaded);
    return (
      <>
        <meta name={marker} content={name} />
        {Loaded ? (
          <Loaded {...props} />
        ) : (
          <Suspense fallback={null}>
            <Lazy {...props} />
          </Suspense>
        )}
      </>
    );
  }
  return Object.assign(Part, { preload });
}

const quietly = (part: Registered) => part.preload().catch(() => undefined);

/**
 * Loads the code of the parts the server rendered into this page, for it to hydrate with, then (without waiting) that of
 * the other parts of their audiences. Never fails: a part whose code did not come is rendered again in the browser.
 */
export function preloadRenderedParts(): Promise<unknown> {
  const names = [...document.querySelectorAll(`meta[name="${marker}"]`)].map((meta) => meta.getAttribute("content"));
  const rendered = names.flatMap((name) => parts.get(name ?? "") ?? []);
  const audiences = new Set(rendered.map((part) => part.audience));
  return Promise.all(rendered.map(quietly)).then(() => {
    for (const part of parts.values()) if (audiences.has(part.audience)) void quietly(part);
  });
}
