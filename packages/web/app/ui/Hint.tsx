import type { ReactNode } from "react";
import classes from "./Hint.module.css";

/**
 * A short label shown below its control on hover and keyboard focus, drawn by CSS alone (issue 16: no floating-ui on a
 * shop's first visit). It is decoration: the control must carry the same text as its accessible name (`aria-label`).
 * `side="start"` anchors it to the control's end edge, for controls at the right edge of the screen.
 */
export function Hint({ label, side, children }: { label: string; side?: "start"; children: ReactNode }) {
  return (
    <span className={classes.hint} data-hint={label} data-side={side}>
      {children}
    </span>
  );
}
