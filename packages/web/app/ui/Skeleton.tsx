import type { CSSProperties, ComponentPropsWithoutRef } from "react";
import { rem } from "./layout-markup";

/**
 * Mantine's `Skeleton` (visible, animated) as plain markup (issue 16: its module stays off a shop's first visit): the
 * element, generated class name, data attributes and variables Mantine's writes, drawn by Mantine's stylesheet. A
 * pulsing placeholder `height` pixels high (or an aspect ratio in `style`) and `width` pixels or any CSS width (as wide
 * as its container without one); a circle with `circle`.
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
  return <div style={{ ...vars, ...style }} className="m_18320242" data-visible="true" data-animate="true" {...props} />;
}
