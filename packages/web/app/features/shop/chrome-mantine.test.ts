/**
 * The shop chrome renders these Mantine components as plain markup (ui/PlainButton, ui/Avatar, ui/Skeleton, CSS
 * modules), so their modules can stay off a shop's first visit (issue 16). A module of the chrome importing one again
 * would bring it back, and the build would not say so: checked here by reading the import lines.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const app = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const chrome = [
  "features/shop/ShopTopBar.tsx",
  "features/shop/ShopNav.tsx",
  "features/shop/ShopFooter.tsx",
  "features/shop/ShopHome.tsx",
  "features/shop/Breadcrumbs.tsx",
  "features/shop/CatalogueStrip.tsx",
  "features/shop/ContactWidget.tsx",
  "features/accounts/UserMenu.tsx",
  "features/cart/CartButton.tsx",
  "features/referral/ShareWidget.tsx",
  "ui/ColorSchemeToggle.tsx",
  "ui/LanguageSwitch.tsx",
  "ui/ErrorPage.tsx",
];

const replaced = [
  "ActionIcon",
  "Affix",
  "Avatar",
  "BackgroundImage",
  "Breadcrumbs",
  "Burger",
  "Button",
  "Center",
  "Divider",
  "Indicator",
  "Overlay",
  "SimpleGrid",
  "Skeleton",
  "UnstyledButton",
];

/** The names a file imports from @mantine/core. */
function mantineImports(file: string): string[] {
  const source = readFileSync(resolve(app, file), "utf8");
  return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)].flatMap((match) =>
    match[1]
      .split(",")
      .map((part) => part.trim().split(/\s+as\s+/)[0])
      .filter(Boolean),
  );
}

describe("shop chrome", () => {
  it.each(chrome)("%s imports none of the Mantine components it draws as markup", (file) => {
    expect(mantineImports(file).filter((name) => replaced.includes(name))).toEqual([]);
  });
});
