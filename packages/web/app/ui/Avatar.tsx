import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import classes from "./Avatar.module.css";

const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

/**
 * Mantine's `Avatar` as plain markup (issue 16: the shop's top bar without Avatar's module on a first visit). Shows the
 * picture, or the placeholder (`children`) when there is none or it fails to load. `color` is "teal" (the theme's
 * primary, which the storefront maps to the shop's colour) or any CSS colour, in Mantine's light variant; gray without it.
 */
export function Avatar({
  src,
  alt,
  size,
  width,
  radius = "xl",
  color,
  children,
}: {
  src?: string | null;
  alt: string;
  /** Pixels; Mantine's md (38 px) when left out. */
  size?: number;
  /** Pixels, for a wide logo. */
  width?: number;
  radius?: "sm" | "xl";
  color?: string;
  children?: ReactNode;
}) {
  const [failed, setFailed] = useState(!src);
  useEffect(() => setFailed(!src), [src]);
  const named = color === "teal";
  const style = {
    ...(size === undefined ? {} : { "--avatar-size": rem(size) }),
    "--avatar-radius": `var(--mantine-radius-${radius})`,
    ...(color === undefined
      ? {}
      : {
          "--avatar-bg": named ? "var(--mantine-color-teal-light)" : `color-mix(in srgb, ${color} 10%, transparent)`,
          "--avatar-color": named ? "var(--mantine-color-teal-light-color)" : color,
        }),
    ...(width === undefined ? {} : { width: rem(width) }),
  } as CSSProperties;
  return (
    <div className={classes.root} style={style}>
      {failed || !src ? (
        <span className={classes.placeholder} title={alt}>
          {children}
        </span>
      ) : (
        <img className={classes.image} src={src} alt={alt} onError={() => setFailed(true)} />
      )}
    </div>
  );
}
