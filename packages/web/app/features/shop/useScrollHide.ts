import { useEffect, useRef, useState } from "react";

/**
 * The scroll-hiding header (spec §2): pinned while scrolling up more than 5 px, unpinned as soon as the
 * page scrolls down (tolerance 0), and unfixed at the very top.
 */
export type HeaderState = "unfixed" | "pinned" | "unpinned";

export function useScrollHide(tolerance = { up: 5, down: 0 }, offset = 64): HeaderState {
  const [state, setState] = useState<HeaderState>("unfixed");
  const last = useRef(0);
  useEffect(() => {
    last.current = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const delta = y - last.current;
      if (y <= offset) setState("unfixed");
      else if (delta > tolerance.down) setState("unpinned");
      else if (-delta > tolerance.up) setState("pinned");
      else return;
      last.current = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [tolerance.up, tolerance.down, offset]);
  return state;
}
