import { assignRef } from "@mantine/hooks";
import { type KeyboardEvent, type Ref, type RefObject, useId, useLayoutEffect, useRef, useState } from "react";
import { intentToOpen, useOpenedAfterMount, useOpenedOnce } from "../lib/lazy-part";

/**
 * A menu or popover whose trigger is rendered with the page and whose dropdown (Mantine's Menu or Popover, and with them
 * floating-ui) is a lazy part (issue 16: a shop's first visit carries no overlay code). The trigger stays the same
 * element from server render to closing: Mantine is handed that element as its target instead of rendering a second
 * one, so a keyboard user who opened the menu keeps focus where it was and gets it back on Escape.
 */
export type DropdownLink = {
  /** Mantine's id: the dropdown is `${id}-dropdown`, labelled by the trigger `${id}-target`. */
  id: string;
  opened: boolean;
  onChange: (opened: boolean) => void;
  target: RefObject<HTMLElement | null>;
};

/** The trigger's state and props, and the link to hand the lazy part; `mounted` is false until the first opening. */
export function useLazyDropdown(part: { preload: () => Promise<unknown> }, popup: "menu" | "dialog") {
  const id = useId();
  const [opened, setOpened] = useState(false);
  const mounted = useOpenedOnce(opened);
  const target = useRef<HTMLButtonElement | null>(null);
  const trigger = {
    ref: target,
    id: `${id}-target`,
    "aria-haspopup": popup,
    "aria-expanded": opened,
    "aria-controls": opened ? `${id}-dropdown` : undefined,
    onClick: () => setOpened((open) => !open),
    // A popover that leaves focus on its trigger closes from there too.
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === "Escape" && opened) setOpened(false);
    },
    ...intentToOpen(part),
  };
  const link: DropdownLink = { id, opened, onChange: setOpened, target };
  return { opened, setOpened, mounted, trigger, link };
}

/**
 * The lazy part's props for Mantine's Menu or Popover. Mantine notes where focus returns to, and traps it, when `opened`
 * changes, so the dropdown mounts closed and opens right after: opened before its code arrived, it behaves as one opened later.
 */
export function useLinkedDropdown({ id, opened, onChange }: DropdownLink) {
  return { id, opened: useOpenedAfterMount(opened), onChange };
}

/**
 * The child of Mantine's `Menu.Target` / `Popover.Target`: renders nothing and gives Mantine the page's trigger as the
 * element to position the dropdown on and to leave out of "click outside" (the trigger's own click toggles).
 */
export function ExistingTarget({ target, ref }: { target: RefObject<HTMLElement | null>; ref?: Ref<HTMLElement> }) {
  useLayoutEffect(() => {
    assignRef(ref, target.current);
    return () => {
      assignRef(ref, null);
    };
  }, [ref, target]);
  return null;
}
