import type { CSSProperties, ComponentPropsWithoutRef, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import classes from "./layout.module.css";

/**
 * The storefront's layout and text primitives (Container, Group, Stack, Text, Title, Anchor), with the props and looks
 * of Mantine's but none of its code on a shop's first visit (issue 16), styled by layout.module.css on Mantine's public
 * theme variables (issue 28: never its generated class names). Style props become inline styles at the call site; a
 * responsive one (a font size per breakpoint) becomes a class of the feature's CSS module.
 */

/** Inline styles with CSS variables. */
export type Vars = CSSProperties & Record<`--${string}`, string | number | undefined>;
type Spacing = "xs" | "sm" | "md" | "lg" | "xl" | number;
type FontSize = "xs" | "sm" | "md" | "lg" | "xl";

/** Mantine's rem(): pixels as rem, times the theme's scale. */
export const rem = (px: number) => (px === 0 ? "0rem" : `calc(${px / 16}rem * var(--mantine-scale))`);
/** A theme spacing, or pixels as rem: Mantine's getSpacing for the values the shop pages pass. */
export const spacing = (value: Spacing) => (typeof value === "number" ? rem(value) : `var(--mantine-spacing-${value})`);
const classNames = (own: string, extra: string | undefined) => (extra ? `${own} ${extra}` : own);

/** Container at one of Mantine's container sizes (centred, padded by the theme's md spacing). */
export function Container({ size, style, className, ...props }: { size: "md" | "lg" | "xl" } & ComponentPropsWithoutRef<"div">) {
  return (
    <div
      style={{ "--container-size": `var(--container-size-${size})`, ...style } as Vars}
      className={classNames(classes.container, className)}
      {...props}
    />
  );
}

type GroupLook = {
  gap?: Spacing;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
  wrap?: "wrap" | "nowrap";
};

/** Group's attributes, for another element (a link) laid out as a group. */
export function groupRoot(
  { gap = "md", align = "center", justify = "flex-start", wrap = "wrap" }: GroupLook,
  style?: CSSProperties,
  className?: string,
) {
  const vars: Vars = { "--group-gap": spacing(gap), "--group-align": align, "--group-justify": justify, "--group-wrap": wrap, ...style };
  return { style: vars, className: classNames(classes.group, className) };
}

/** Group: a flex row with a gap, aligned and wrapping as given (Mantine's defaults: centred, wrapping). */
export function Group({ gap, align, justify, wrap, style, className, ...props }: GroupLook & ComponentPropsWithoutRef<"div">) {
  return <div {...groupRoot({ gap, align, justify, wrap }, style, className)} {...props} />;
}

/** Stack: a flex column with a gap (Mantine's defaults: stretched, from the top). */
export function Stack({
  gap = "md",
  align = "stretch",
  justify = "flex-start",
  style,
  className,
  ...props
}: {
  gap?: Spacing;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
} & ComponentPropsWithoutRef<"div">) {
  const vars: Vars = { "--stack-gap": spacing(gap), "--stack-align": align, "--stack-justify": justify, ...style };
  return <div style={vars} className={classNames(classes.stack, className)} {...props} />;
}

function textVars(size: FontSize | undefined, lineClamp: number | undefined): Vars {
  return {
    ...(size && { "--text-fz": `var(--mantine-font-size-${size})`, "--text-lh": `var(--mantine-line-height-${size})` }),
    ...(lineClamp !== undefined && { "--line-clamp": lineClamp }),
  };
}

/** Mantine's `c` prop: "dimmed", or a theme colour's text shade. */
const textColor = (color: string) => (color === "dimmed" ? "var(--mantine-color-dimmed)" : `var(--mantine-color-${color}-text)`);

/**
 * Text: a paragraph (or span) at a theme font size with its line height, clamped to a number of lines if given; `c`,
 * `fw`, `fz` (pixels) and `td` are Mantine's style props for colour, weight, size and decoration.
 */
export function Text({
  size,
  lineClamp,
  span,
  inherit,
  c,
  fw,
  fz,
  td,
  style,
  className,
  ...props
}: {
  size?: FontSize;
  lineClamp?: number;
  span?: boolean;
  inherit?: boolean;
  c?: string;
  fw?: number;
  fz?: number;
  td?: CSSProperties["textDecoration"];
} & ComponentPropsWithoutRef<"p">) {
  const Element = span ? "span" : "p";
  const look: CSSProperties = {
    ...(c && { color: textColor(c) }),
    ...(fz !== undefined && { fontSize: rem(fz) }),
    ...(fw !== undefined && { fontWeight: fw }),
    ...(td && { textDecoration: td }),
  };
  return (
    <Element
      style={{ ...textVars(size, lineClamp), ...look, ...style }}
      className={classNames(classes.text, className)}
      data-line-clamp={lineClamp === undefined ? undefined : true}
      data-inherit={inherit || undefined}
      {...props}
    />
  );
}

/** Title: a heading of the given order, drawn at its own or another heading's size (`size`, "h3"). */
export function Title({
  order,
  size = `h${order}`,
  lineClamp,
  style,
  className,
  ...props
}: { order: 1 | 2 | 3; size?: `h${1 | 2 | 3 | 4 | 5 | 6}`; lineClamp?: number } & ComponentPropsWithoutRef<"h1">) {
  const vars: Vars = {
    "--title-fw": `var(--mantine-${size}-font-weight)`,
    "--title-lh": `var(--mantine-${size}-line-height)`,
    "--title-fz": `var(--mantine-${size}-font-size)`,
    ...(lineClamp !== undefined && { "--line-clamp": lineClamp }),
    ...style,
  };
  const Heading = `h${order}` as const;
  return (
    <Heading
      style={vars}
      className={classNames(classes.title, className)}
      data-line-clamp={lineClamp === undefined ? undefined : true}
      {...props}
    />
  );
}

type AnchorLook = { size?: FontSize; underline?: "hover" | "never"; inherit?: boolean };

/** A link's attributes: Text's, plus the underline (on hover by default) and the anchor colour unless inherited. */
function anchorRoot({ size, underline = "hover", inherit }: AnchorLook, style: CSSProperties | undefined, className: string | undefined) {
  return {
    style: { ...textVars(size, undefined), ...(inherit && { color: "inherit" }), ...style },
    className: classNames(`mantine-focus-auto ${classes.text} ${classes.anchor}`, className),
    "data-underline": underline,
  };
}

/** Anchor: a plain link in the anchor colour. */
export function Anchor({ size, underline, inherit, style, className, ...props }: AnchorLook & ComponentPropsWithoutRef<"a">) {
  return <a {...anchorRoot({ size, underline, inherit }, style, className)} {...props} />;
}

/** Anchor rendering a router link, for the app's own paths. */
export function AnchorLink({ size, underline, inherit, style, className, ...props }: AnchorLook & LinkProps) {
  return <Link {...anchorRoot({ size, underline, inherit }, style, className)} {...props} />;
}

/** Props for elements shown from a breakpoint up, or hidden from it (Mantine's `visibleFrom` / `hiddenFrom` classes). */
export const visibleFrom = (breakpoint: "xs" | "sm") => `mantine-visible-from-${breakpoint}`;
export const hiddenFrom = (breakpoint: "xs" | "sm") => `mantine-hidden-from-${breakpoint}`;
