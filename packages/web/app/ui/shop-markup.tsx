import { type CSSProperties, type ReactNode, useId } from "react";
import type { Vars } from "./layout-markup";
import classes from "./shop-markup.module.css";

/**
 * The storefront's badges and alerts for the catalog, product page and reviews, with the props and looks of Mantine's
 * Badge and Alert but none of their code on a shop's first visit (issue 16), styled by shop-markup.module.css on
 * Mantine's public theme variables (issue 28), so the theme, the shop's colour and dark mode apply. Text and layout are
 * ui/layout-markup.tsx; buttons are ui/PlainButton.tsx, skeletons ui/Skeleton.tsx, avatars ui/Avatar.tsx and the
 * product cards features/catalog/card-markup.tsx.
 */

type Size = "xs" | "sm" | "md" | "lg" | "xl";

/** Badge: filled (white text on this theme's 9th shades), light, or a dot before the label; default size or "sm". */
export function Badge({
  color,
  variant = "filled",
  size,
  radius,
  style,
  children,
}: {
  color: string;
  variant?: "filled" | "light" | "dot";
  size?: "sm";
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
        };
  return (
    <div style={{ ...vars, ...style }} className={variant === "dot" ? `${classes.badge} ${classes.dot}` : classes.badge} data-size={size}>
      <span className={classes.badgeLabel}>{children}</span>
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
  const vars: Vars = { "--alert-bg": `var(--mantine-color-${color}-light)`, "--alert-color": `var(--mantine-color-${color}-light-color)` };
  return (
    <div
      style={vars}
      className={classes.alert}
      id={id}
      role={role}
      aria-describedby={`${id}-body`}
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      {icon && <div className={classes.alertIcon}>{icon}</div>}
      <div className={classes.alertBody}>
        {title && (
          <div id={`${id}-title`} className={classes.alertTitle}>
            {title}
          </div>
        )}
        <div id={`${id}-body`} className={classes.alertMessage}>
          {children}
        </div>
      </div>
    </div>
  );
}
