import { type MantineRadius, type MantineSize, getFontSize, getRadius, getSize, useMantineTheme } from "@mantine/core";
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, CSSProperties, ReactNode, Ref } from "react";
import { Link } from "react-router";
import classes from "./PlainButton.module.css";

/**
 * Mantine's `Button` and `ActionIcon` as plain elements (issue 16): the shop's top bar, menus' triggers and floating
 * buttons render the same element, classes' rules, data attributes and colour variables without the components'
 * modules (and Loader, Transition and the button groups they bring). Colours come from the theme's variant resolver,
 * so the shop's colour, autoContrast and dark mode apply as before. A `<button type="button">`, an `<a>` with `href`,
 * or a router `<Link>` with `to`.
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

type Vars = Record<`--${string}`, string | undefined>;

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

function defined(vars: Vars): CSSProperties {
  return Object.fromEntries(Object.entries(vars).filter(([, value]) => value !== undefined)) as CSSProperties;
}

function Root({ className, ...props }: Target & { className: string; style: CSSProperties; children: ReactNode }) {
  const cls = `mantine-focus-auto mantine-active ${className}`;
  if (props.to !== undefined) return <Link {...props} to={props.to} className={cls} />;
  if (props.href !== undefined) return <a {...(props as AnchorHTMLAttributes<HTMLAnchorElement>)} className={cls} />;
  return <button type="button" {...(props as ButtonHTMLAttributes<HTMLButtonElement>)} className={cls} />;
}

/** The classes of Mantine's `UnstyledButton`, for a `<button>` or link drawn by its own class. */
export const unstyledButton = `mantine-focus-auto ${classes.unstyled}`;

/** Mantine's `Button` (sizes sm and md, one optional left section). */
export function PlainButton({
  variant,
  color,
  radius,
  size,
  leftSection,
  className,
  style,
  children,
  ...target
}: Own & Target & { size?: "sm" | "md"; leftSection?: ReactNode }) {
  const vars = defined({
    "--button-height": getSize(size, "button-height"),
    "--button-padding-x": getSize(size, "button-padding-x"),
    "--button-fz": getFontSize(size),
    "--button-radius": radius === undefined ? undefined : getRadius(radius),
    ...useColorVars("button", variant, color),
  });
  return (
    <Root
      {...(target as Target)}
      className={className ? `${classes.button} ${className}` : classes.button}
      style={{ ...vars, ...style }}
      data-variant={variant}
      data-size={size}
      data-with-left-section={leftSection ? true : undefined}
    >
      <span className={classes.inner}>
        {leftSection && (
          <span className={classes.section} data-position="left">
            {leftSection}
          </span>
        )}
        <span className={classes.label}>{children}</span>
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
  const vars = defined({
    "--ai-size": getSize(size, "ai-size"),
    "--ai-radius": radius === undefined ? undefined : getRadius(radius),
    ...useColorVars("ai", variant, color),
  });
  return (
    <Root
      {...(target as Target)}
      className={className ? `${classes.icon} ${className}` : classes.icon}
      style={{ ...vars, ...style }}
      data-variant={variant}
      data-size={typeof size === "string" ? size : undefined}
    >
      <span className={classes.iconInner}>{children}</span>
    </Root>
  );
}
