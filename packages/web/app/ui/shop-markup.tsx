import { type CSSProperties, type ReactNode, useId } from "react";
import { type Vars, rem } from "./layout-markup";

/**
 * Mantine's markup for the badges and alerts of the catalog, product page and reviews, written as plain elements
 * (issue 16). Each writes the elements, classes, data attributes and CSS variables Mantine
 * 8's component writes for the props those pages pass it (less the `mantine-*-root` names, which no style uses), so
 * Mantine's stylesheet (mantine-storefront.css) draws them exactly as before, with the theme, the shop's colour and
 * dark mode, but the shop pages' first visit carries no code of those components. Text and layout are plain elements
 * styled by the features' CSS modules; buttons are ui/PlainButton.tsx, skeletons ui/Skeleton.tsx, avatars ui/Avatar.tsx
 * and the product cards features/catalog/card-markup.tsx.
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
  const sized: Vars =
    size === undefined
      ? {}
      : {
          "--badge-height": `var(--badge-height-${size})`,
          "--badge-padding-x": `var(--badge-padding-x-${size})`,
          "--badge-fz": `var(--badge-fz-${size})`,
        };
  const vars: Vars =
    variant === "dot"
      ? { ...sized, "--badge-dot-color": `var(--mantine-color-${color}-filled)` }
      : {
          ...sized,
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
      data-size={size}
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
