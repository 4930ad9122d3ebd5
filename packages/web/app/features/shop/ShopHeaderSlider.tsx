import type { ReactNode } from "react";

/**
 * The header slider area of the storefront theme screen. The merchandising feature renders the shop's
 * carousel here (pass it as children); without slides the area takes no room.
 */
export function ShopHeaderSlider({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return <section aria-roledescription="carousel">{children}</section>;
}
