/**
 * The storefront owns its markup (issue 28 §2): what it draws without Mantine's components is styled by its own CSS
 * modules on Mantine's public theme variables, never by Mantine's generated class names (`m_` and 6 to 8 hex digits,
 * as Mantine 8 writes them). Those names are not Mantine's API: an upgrade renames them and leaves such markup unstyled
 * without any error. No module or stylesheet of the app may write one.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const app = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const generatedName = /\bm_[0-9a-f]{6,8}\b/g;

/** Every source file of the app (modules, their tests and stylesheets). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(tsx?|css)$/.test(entry.name) ? [path] : [];
  });
}

describe("the app's own markup", () => {
  const files = sources(app);

  it("reads the app's sources (the check below is not empty)", () => {
    expect(files.some((file) => file.endsWith(join("ui", "layout-markup.tsx")))).toBe(true);
  });

  it("writes none of Mantine's generated class names", () => {
    const written = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(generatedName)].map((match) => `${relative(app, file)}: ${match[0]}`),
    );
    expect(written).toEqual([]);
  });
});
