import type { CSSProperties, ComponentPropsWithoutRef } from "react";
import { rem } from "./layout-markup";
import classes from "./Skeleton.module.css";

/**
 * A loading placeholder as Mantine's `Skeleton` (visible, animated) draws it, without its module on a shop's first
 * visit (issue 16), styled by Skeleton.module.css on Mantine's public theme variables (issue 28): pulsing, `height`
 * pixels high (or an aspect ratio in `style`) and `width` pixels or any CSS width (as wide as its container without
 * one); a circle with `circle`.
 */
export function Skeleton({
  height,
  width,
  circle,
  radius,
  style,
  ...props
}: {
  height?: number;
  width?: number | string;
  circle?: boolean;
  radius?: "xs" | "sm" | "md" | "lg" | "xl";
  style?: CSSProperties;
} & Omit<ComponentPropsWithoutRef<"div">, "style">) {
  const size = circle ? height : width;
  const vars = {
    "--skeleton-height": height === undefined ? undefined : rem(height),
    "--skeleton-width": typeof size === "number" ? rem(size) : size,
    "--skeleton-radius": circle ? "1000px" : radius && `var(--mantine-radius-${radius})`,
  };
  return <div style={{ ...vars, ...style }} className={classes.skeleton} {...props} />;
}
