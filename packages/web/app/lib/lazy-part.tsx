import { type ComponentType, Suspense, lazy, useEffect, useState } from "react";
import { loadPageTexts } from "./i18n";

/**
 * A part of a page whose code downloads on first use, not with the page (issue 16: a shop's first visit carries only
 * what it shows). `preload` starts the download early, on the visitor's intent (pointer over, focus, touch), so the
 * part usually opens at once; rendering the part before it arrived shows `fallback` (nothing by default).
 */
export type LazyPart<P> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  // With the part come all texts of the page's language: a shop page's first visit brought only those it shows.
  const preload = () => (loading ??= Promise.all([load(), loadPageTexts()]).then(([component]) => ({ default: component })));
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function Part(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Part, { preload });
}

/** Handlers for a trigger: the part starts downloading when the visitor shows intent to open it. */
export function intentToOpen(part: { preload: () => Promise<unknown> }) {
  const preload = () => void part.preload();
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}

/**
 * Whether a part opened at least once: it is mounted from its first opening on and stays mounted, so it closes with its
 * transition and keeps its state, while a visitor who never opens it never downloads it.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * `opened`, one render late when the part mounts. A dialog, drawer or menu whose code downloads on first use mounts
 * already asked to open, and Mantine's overlays act only on a change of `opened`: that is when they remember the
 * focused trigger to give focus back to on closing, and when they play their opening transition.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return opened && mounted;
}
