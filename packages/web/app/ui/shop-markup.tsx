import { type CSSProperties, type ComponentPropsWithoutRef, type ReactNode, useId } from "react";
import { Link, type LinkProps } from "react-router";
import classes from "./shop-markup.module.css";

/**
 * Mantine's markup for the badges, alerts, buttons and skeletons of the catalog, product page, reviews and shop hero,
 * written as plain elements (issue 16). Each writes the elements, classes, data attributes and CSS variables Mantine
 * 8's component writes for the props those pages pass it (less the `mantine-*-root` names, which no style uses), so
 * Mantine's stylesheet (mantine-storefront.css) draws them exactly as before, with the theme, the shop's colour and
 * dark mode, but the shop pages' first visit carries no code of those components. Text and layout are plain elements
 * styled by the features' CSS modules; the product cards are features/catalog/card-markup.tsx.
 */

type Vars = CSSProperties & Record<`--${string}`, string | number | undefined>;
type Size = "xs" | "sm" | "md" | "lg" | "xl";
/** Mantine's rem(): pixels as rem, times the theme's scale. */
export const rem = (px: number) => (px === 0 ? "0rem" : `calc(${px / 16}rem * var(--mantine-scale))`);

/** Badge: filled (white text on this theme's 9th shades), light, or a dot before the label; default size. */
export function Badge({
  color,
  variant = "filled",
  radius,
  style,
  children,
}: {
  color: string;
  variant?: "filled" | "light" | "dot";
  radius?: Size;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const vars: Vars =
    variant === "dot"
      ? { "--badge-dot-color": `var(--mantine-color-${color}-filled)` }
      : {
          "--badge-radius": radius && `var(--mantine-radius-${radius})`,
          "--badge-bg": `var(--mantine-color-${color}-${variant})`,
          "--badge-color": variant === "filled" ? "var(--mantine-color-white)" : `var(--mantine-color-${color}-light-color)`,
          "--badge-bd": `${rem(1)} solid transparent`,
        };
  return (
    <div
      style={{ ...vars, ...style }}
      className={variant === "dot" ? "m_fbd81e3d m_347db0ec" : "m_347db0ec"}
      data-variant={variant === "filled" ? undefined : variant}
    >
      <span className="m_5add502a">{children}</span>
    </div>
  );
}

/** Alert, light variant: an icon, a title and a message; the root names its message (and title) for screen readers. */
export function Alert({
  color,
  icon,
  title,
  role = "alert",
  children,
}: {
  color: string;
  icon?: ReactNode;
  title?: ReactNode;
  role?: "alert" | "status";
  children: ReactNode;
}) {
  const id = useId();
  const vars: Vars = {
    "--alert-bg": `var(--mantine-color-${color}-light)`,
    "--alert-color": `var(--mantine-color-${color}-light-color)`,
    "--alert-bd": `${rem(1)} solid transparent`,
  };
  return (
    <div
      style={vars}
      className="m_66836ed3"
      data-variant="light"
      id={id}
      role={role}
      aria-describedby={`${id}-body`}
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      <div className="m_a5d60502">
        {icon && <div className="m_667f2a6a">{icon}</div>}
        <div className="m_667c2793">
          {title && (
            <div className="m_6a03f287">
              <span id={`${id}-title`} className="m_698f4f23">
                {title}
              </span>
            </div>
          )}
          <div id={`${id}-body`} className="m_7fa78076" data-variant="light">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Skeleton, visible and animated: a height (or an aspect ratio in `style`), an optional width and radius. */
export function Skeleton({
  height,
  width,
  radius,
  style,
  ...props
}: { height?: number; width?: string; radius?: Size; style?: CSSProperties } & ComponentPropsWithoutRef<"div">) {
  const vars: Vars = {
    "--skeleton-height": height === undefined ? undefined : rem(height),
    "--skeleton-width": width,
    "--skeleton-radius": radius && `var(--mantine-radius-${radius})`,
    ...style,
  };
  return <div style={vars} className="m_18320242" data-visible="true" data-animate="true" {...props} />;
}

type ButtonLook = { variant?: "filled" | "subtle"; size?: "md" | "compact-sm"; leftSection?: ReactNode; w?: "fit-content" };

/** Button's root attributes: filled in the primary (shop) colour with white text, or subtle in its light colour. */
function buttonRoot({ variant = "filled", size = "md", leftSection, w }: ButtonLook, state: { disabled?: boolean; loading?: boolean }) {
  const vars: Vars = {
    "--button-height": `var(--button-height-${size})`,
    "--button-padding-x": `var(--button-padding-x-${size})`,
    "--button-fz": `var(--mantine-font-size-${size === "compact-sm" ? "sm" : size})`,
    ...(variant === "subtle"
      ? {
          "--button-bg": "transparent",
          "--button-hover": "var(--mantine-color-teal-light-hover)",
          "--button-color": "var(--mantine-color-teal-light-color)",
          "--button-bd": `${rem(1)} solid transparent`,
        }
      : { "--button-color": "var(--mantine-color-white)" }),
    width: w,
  };
  const active = !state.disabled && !state.loading;
  return {
    style: vars,
    className: `mantine-focus-auto ${active ? "mantine-active " : ""}m_77c9d27d m_87cf2631`,
    "data-variant": variant === "filled" ? undefined : variant,
    "data-size": size,
    "data-disabled": state.disabled || undefined,
    "data-loading": state.loading || undefined,
    "data-with-left-section": leftSection ? true : undefined,
  };
}

function ButtonInner({ leftSection, loading, children }: { leftSection?: ReactNode; loading?: boolean; children: ReactNode }) {
  return (
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
  );
}

/** Button: while `loading` it is disabled and shows Mantine's loader over its label, sliding in as Mantine's did. */
export function Button({
  variant,
  size,
  leftSection,
  w,
  loading = false,
  disabled,
  children,
  ...props
}: ButtonLook & { loading?: boolean } & Omit<ComponentPropsWithoutRef<"button">, "style" | "className">) {
  return (
    <button
      type="button"
      {...buttonRoot({ variant, size, leftSection, w }, { disabled, loading })}
      disabled={disabled || loading}
      {...props}
    >
      {loading && (
        <span className={`${classes.loader} m_a25b86ee`} aria-hidden>
          <span
            style={{ "--loader-size": "calc(var(--button-height) / 1.8)", "--loader-color": "var(--button-color)" } as Vars}
            className="m_b34414df m_5ae2e3c"
          />
        </span>
      )}
      <ButtonInner leftSection={leftSection} loading={loading}>
        {children}
      </ButtonInner>
    </button>
  );
}

/** A link drawn as a filled button: a router link for the app's paths, a plain one for any other address. */
export function ButtonLink({ children, ...props }: ({ to: LinkProps["to"] } | { href: string }) & { children: ReactNode }) {
  const root = buttonRoot({}, {});
  const inner = <ButtonInner>{children}</ButtonInner>;
  return "to" in props ? (
    <Link to={props.to} {...root}>
      {inner}
    </Link>
  ) : (
    <a href={props.href} {...root}>
      {inner}
    </a>
  );
}
