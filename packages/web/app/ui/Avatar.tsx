import { useMantineTheme } from "@mantine/core";
import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import classes from "./Avatar.module.css";
import { rem } from "./layout-markup";

/**
 * A round picture as Mantine's `Avatar` draws it, without its module on a shop's first visit (issue 16: the shop's top
 * bar), styled by Avatar.module.css on Mantine's public theme variables (issue 28). Shows the picture, or the placeholder (`children`) when there is none or it fails to load. `color` is a theme colour's name
 * (the storefront maps "teal", the primary, to the shop's colour) or any CSS colour, in Mantine's light variant (the
 * theme's variant resolver gives the same variables as Avatar's); gray without it.
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
  const theme = useMantineTheme();
  const colors = color === undefined ? null : theme.variantColorResolver({ color, theme, variant: "light" });
  const style = {
    ...(size === undefined ? {} : { "--avatar-size": rem(size) }),
    "--avatar-radius": `var(--mantine-radius-${radius})`,
    ...(colors && { "--avatar-bg": colors.background, "--avatar-color": colors.color, "--avatar-bd": colors.border }),
    ...(width === undefined ? {} : { width: rem(width) }),
  } as CSSProperties;
  return (
    <div className={classes.avatar} style={style}>
      {failed || !src ? (
        <span className={classes.placeholder} title={alt}>
          {children}
        </span>
      ) : (
        <img className={classes.picture} src={src} alt={alt} onError={() => setFailed(true)} />
      )}
    </div>
  );
}
