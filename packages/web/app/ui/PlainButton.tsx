import { type MantineRadius, type MantineSize, getFontSize, getRadius, getSize, useMantineTheme } from "@mantine/core";
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, CSSProperties, ReactNode, Ref } from "react";
import { Link } from "react-router";
import { type Vars } from "./layout-markup";
import classes from "./PlainButton.module.css";

/**
 * The storefront's buttons, with the props and looks of Mantine's `Button` and `ActionIcon` but none of their code (or
 * the Loader, Transition and button groups they bring) on a first visit (issue 16), styled by PlainButton.module.css on
 * Mantine's public theme variables (issue 28). Colours come from the theme's variant resolver, as Mantine's vars
 * resolvers take them, so the shop's colour, autoContrast and dark mode apply. A `<button type="button">`, an `<a>`
 * with `href`, or a router `<Link>` with `to`.
 */
type Own = {
  variant?: "filled" | "light" | "subtle";
  /** A theme colour's name or any CSS colour; the theme's primary colour without it. */
  color?: string;
  radius?: MantineRadius;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
};
type Target =
  | (Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof Own> & { ref?: Ref<HTMLButtonElement>; href?: never; to?: never })
  | (Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof Own> & { href: string; to?: never })
  | (Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof Own | "href"> & { to: string; href?: never });

/** The variables Mantine's vars resolvers set for a variant and colour (`prefix` "button" or "ai"). */
function useColorVars(prefix: string, variant: Own["variant"], color: string | undefined): Vars {
  const theme = useMantineTheme();
  const colors = theme.variantColorResolver({ color: color || theme.primaryColor, theme, variant: variant || "filled" });
  const set = Boolean(color || variant);
  return {
    [`--${prefix}-bg`]: set ? colors.background : undefined,
    [`--${prefix}-hover`]: set ? colors.hover : undefined,
    [`--${prefix}-color`]: colors.color,
    [`--${prefix}-bd`]: set ? colors.border : undefined,
    [`--${prefix}-hover-color`]: set ? colors.hoverColor : undefined,
  };
}

/**
 * The element under a button's own class, unstyled first: Mantine's focus ring, and its press effect (`active`) while
 * the button can be pressed (both Mantine's documented global classes).
 */
function Root({
  root,
  active,
  className,
  ...props
}: Target & { root: string; active: boolean; className?: string; style: CSSProperties; children: ReactNode }) {
  const cls = `mantine-focus-auto ${active ? "mantine-active " : ""}${classes.unstyled} ${root}${className ? ` ${className}` : ""}`;
  if (props.to !== undefined) return <Link {...props} to={props.to} className={cls} />;
  if (props.href !== undefined) return <a {...(props as AnchorHTMLAttributes<HTMLAnchorElement>)} className={cls} />;
  return <button type="button" {...(props as ButtonHTMLAttributes<HTMLButtonElement>)} className={cls} />;
}

/** The classes of a button without a look of its own (Mantine's `UnstyledButton`), for one drawn by its own class. */
export const unstyledButton = `mantine-focus-auto ${classes.unstyled}`;

/**
 * A button as Mantine's `Button`: sizes sm (default), md and compact-sm, one optional left section. While `loading` it is
 * disabled and shows a turning ring over its label, sliding in as Mantine's Transition moved its loader.
 */
export function PlainButton({
  variant,
  color,
  radius,
  size,
  leftSection,
  loading = false,
  className,
  style,
  children,
  ...target
}: Own & Target & { size?: "sm" | "md" | "compact-sm"; leftSection?: ReactNode; loading?: boolean }) {
  const disabled = "disabled" in target && target.disabled === true;
  const vars: Vars = {
    "--button-height": getSize(size, "button-height"),
    "--button-padding-x": getSize(size, "button-padding-x"),
    "--button-fz": getFontSize(size === "compact-sm" ? "sm" : size),
    "--button-radius": radius === undefined ? undefined : getRadius(radius),
    ...useColorVars("button", variant, color),
  };
  return (
    <Root
      {...(target as Target)}
      {...(loading && { disabled: true })}
      root={classes.button}
      active={!disabled && !loading}
      className={className}
      style={{ ...vars, ...style }}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-with-left-section={leftSection ? true : undefined}
    >
      {loading && (
        <span className={classes.loader} aria-hidden>
          <span className={classes.spinner} />
        </span>
      )}
      <span className={classes.inner}>
        {leftSection && <span className={classes.section}>{leftSection}</span>}
        <span className={classes.label} data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </Root>
  );
}

/** An icon button as Mantine's `ActionIcon`: `size` "lg" (34 px) or pixels; 28 px without it. */
export function PlainIconButton({
  variant,
  color,
  radius,
  size,
  className,
  style,
  children,
  ...target
}: Own & Target & { size?: Extract<MantineSize, "lg"> | number }) {
  const disabled = "disabled" in target && target.disabled === true;
  const vars: Vars = {
    "--ai-size": getSize(size, "ai-size"),
    "--ai-radius": radius === undefined ? undefined : getRadius(radius),
    ...useColorVars("ai", variant, color),
  };
  return (
    <Root
      {...(target as Target)}
      root={classes.icon}
      active={!disabled}
      className={className}
      style={{ ...vars, ...style }}
      data-disabled={disabled || undefined}
    >
      <span className={classes.iconInner}>{children}</span>
    </Root>
  );
}
