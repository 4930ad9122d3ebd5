import { contrastRatio, mix, readableColor } from "@tianguis/domain/rules/color-contrast";
import { gradientStops, opaqueColour } from "@tianguis/domain/rules/shop-theme";
import type { CSSProperties } from "react";

/** The lightest surfaces text sits on in each scheme: white, and dark.5 (dark pages are dark.7, cards dark.6). */
const pages = { light: "#ffffff", dark: "#3b3b3b" };

/** Of some backgrounds, the one text on `side` (dark text: black, light text: white) reads worst on. */
function hardest(backgrounds: readonly string[], side: "#000000" | "#ffffff"): string {
  return [...backgrounds].sort((a, b) => contrastRatio(a, side) - contrastRatio(b, side))[0];
}

/**
 * The shop's colour as Mantine's primary colour inside the storefront (buttons, links, active states),
 * adjusted per scheme so text in it, and white text on it, keeps a 4.5:1 contrast whatever colour the
 * owner picked (light-dark() follows the colour scheme Mantine sets on the page). A translucent colour counts as it
 * shows over the page; with a background gradient, text in the colour also reads on its hardest stop.
 */
export function shopColorVariables(picked: string, gradient?: string | null): CSSProperties {
  const color = opaqueColour(picked, pages.light);
  const stops = gradientStops(gradient);
  const fill = readableColor(color, pages.light);
  const onLight = readableColor(readableColor(color, mix(color, pages.light, 0.88)), hardest(stops?.light ?? [pages.light], "#000000"));
  const onDark = readableColor(readableColor(color, pages.dark), hardest(stops?.dark ?? [pages.dark], "#ffffff"));
  const text = `light-dark(${onLight}, ${onDark})`;
  const variants = {
    filled: fill,
    "filled-hover": `color-mix(in srgb, ${fill} 85%, black)`,
    light: `color-mix(in srgb, ${color} 12%, transparent)`,
    "light-hover": `color-mix(in srgb, ${color} 20%, transparent)`,
    "light-color": text,
  };
  // Subtle and light variants resolve the theme's primary colour (teal) by name, so both prefixes get the values.
  const prefixes = ["--mantine-primary-color", "--mantine-color-teal"];
  const named = Object.entries(variants).flatMap(([name, value]) => prefixes.map((prefix) => [`${prefix}-${name}`, value]));
  return {
    ...Object.fromEntries(named),
    "--mantine-color-anchor": text,
    "--mantine-color-teal-outline": text,
    "--mantine-color-teal-text": text,
  } as CSSProperties;
}
