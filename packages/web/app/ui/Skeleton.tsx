import type { CSSProperties } from "react";
import classes from "./Skeleton.module.css";

const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

/**
 * Mantine's `Skeleton` as plain markup (issue 16: its module stays off a shop's first visit): a pulsing placeholder
 * `height` by `width` pixels (as wide as its container without one), a circle with `circle`.
 */
export function Skeleton({
  height,
  width,
  circle,
  radius,
  style,
  ...rest
}: {
  height: number;
  width?: number;
  circle?: boolean;
  radius?: "xl";
  style?: CSSProperties;
  "data-testid"?: string;
}) {
  const vars = {
    "--skeleton-height": rem(height),
    ...(circle || width !== undefined ? { "--skeleton-width": rem(circle ? height : (width as number)) } : {}),
    ...(circle ? { "--skeleton-radius": "1000px" } : radius ? { "--skeleton-radius": `var(--mantine-radius-${radius})` } : {}),
  } as CSSProperties;
  return <div className={classes.root} style={{ ...vars, ...style }} {...rest} />;
}
