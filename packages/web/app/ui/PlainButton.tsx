import { type MantineRadius, type MantineSize, getFontSize, getRadius, getSize, useMantineTheme } from "@mantine/core";
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, CSSProperties, ReactNode, Ref } from "react";
import { Link } from "react-router";
import { type Vars } from "./layout-markup";
import classes from "./PlainButton.module.css";

/**
 * Mantine's `Button` and `ActionIcon` as plain elements (issue 16): the shop's buttons write the elements, generated
 * class names (`m_77c9d27d` for Button's root), data attributes and CSS variables those components write, so Mantine's
 * stylesheet (mantine-storefront.css, loaded by every page) draws them, without the components' modules (and Loader,
 * Transition and the button groups they bring) on a first visit. Colours come from the theme's variant resolver, as
 * Mantine's vars resolvers take them, so the shop's colour, autoContrast and dark mode apply as before. A
 * `<button type="button">`, an `<a>` with `href`, or a router `<Link>` with `to`.
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
 * UnstyledButton's element under a component's root class: Mantine's focus ring, and its press effect (`active`) while
 * the button can be pressed.
 */
function Root({
  root,
  active,
  className,
  ...props
}: Target & { root: string; active: boolean; className?: string; style: CSSProperties; children: ReactNode }) {
  const cls = `mantine-focus-auto ${active ? "mantine-active " : ""}${root} m_87cf2631${className ? ` ${className}` : ""}`;
  if (props.to !== undefined) return <Link {...props} to={props.to} className={cls} />;
  if (props.href !== undefined) return <a {...(props as AnchorHTMLAttributes<HTMLAnchorElement>)} className={cls} />;
  return <button type="button" {...(props as ButtonHTMLAttributes<HTMLButtonElement>)} className={cls} />;
}

/** The classes of Mantine's `UnstyledButton`, for a `<button>` or link drawn by its own class. */
export const unstyledButton = "mantine-focus-auto m_87cf2631";

/**
 * Mantine's `Button`: sizes sm (default), md and compact-sm, one optional left section. While `loading` it is disabled
 * and shows Mantine's loader over its label, sliding in as Mantine's Transition moved it.
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
      root="m_77c9d27d"
      active={!disabled && !loading}
      className={className}
      style={{ ...vars, ...style }}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-with-left-section={leftSection ? true : undefined}
    >
      {loading && (
        <span className={`${classes.loader} m_a25b86ee`} aria-hidden>
          <span
            style={{ "--loader-size": "calc(var(--button-height) / 1.8)", "--loader-color": "var(--button-color)" } as CSSProperties}
            className="m_b34414df m_5ae2e3c"
          />
        </span>
      )}
      <span className="m_80f1301b">
        {leftSection && (
          <span className="m_a74036a" data-position="left">
            {leftSection}
          </span>
        )}
        <span className="m_811560b9" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </Root>
  );
}

/** Mantine's `ActionIcon`: `size` "lg" (34 px) or pixels; 28 px without it. */
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
  const vars: Vars = {
    "--ai-size": getSize(size, "ai-size"),
    "--ai-radius": radius === undefined ? undefined : getRadius(radius),
    ...useColorVars("ai", variant, color),
  };
  return (
    <Root
      {...(target as Target)}
      root="m_8d3f4000"
      active
      className={className}
      style={{ ...vars, ...style }}
      data-variant={variant}
      data-size={typeof size === "string" ? size : undefined}
    >
      <span className="m_8d3afb97">{children}</span>
    </Root>
  );
}
