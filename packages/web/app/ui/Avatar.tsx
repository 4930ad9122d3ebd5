import { useMantineTheme } from "@mantine/core";
import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import { rem } from "./layout-markup";

/**
 * Mantine's `Avatar` as plain markup (issue 16: the shop's top bar without Avatar's module on a first visit): the
 * elements, generated class names and variables Mantine's writes, drawn by Mantine's stylesheet. Shows the
 * picture, or the placeholder (`children`) when there is none or it fails to load. `color` is a theme colour's name
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
    <div className="m_f85678b6" style={style}>
      {failed || !src ? (
        <span className="m_104cd71f" title={alt}>
          {children}
        </span>
      ) : (
        <img className="m_11f8ac07" src={src} alt={alt} onError={() => setFailed(true)} />
      )}
    </div>
  );
}
