/**
 * Shop pages write some of Mantine's markup themselves (issue 16: the component's code stays off a first visit) and
 * rely on Mantine's stylesheet to draw it through the component's generated class names (`m_347db0ec` for Badge's
 * root). Those names come from the installed @mantine/core: an upgrade that renames one would leave that markup
 * unstyled without any error. Every such name the app writes must be defined in the stylesheet the shop pages load.
 */
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const app = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

/** The CSS of every @mantine/core stylesheet mantine-storefront.css imports. */
function storefrontStylesheet(): string {
  const imports = readFileSync(join(app, "mantine-storefront.css"), "utf8").matchAll(/@import\s+"(@mantine\/core\/styles\/[^"]+)"/g);
  return [...imports].map((match) => readFileSync(require.resolve(match[1]), "utf8")).join("\n");
}

/** Each Mantine generated class name the app's modules write, with the files writing it. */
function classesWritten(): Map<string, string[]> {
  const written = new Map<string, string[]>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts"))
        for (const [name] of readFileSync(path, "utf8").matchAll(/\bm_[0-9a-f]{6,8}\b/g))
          written.set(name, [...(written.get(name) ?? []), path.slice(app.length + 1)]);
    }
  };
  visit(app);
  return written;
}

describe("Mantine markup written by the app", () => {
  const css = storefrontStylesheet();
  const written = classesWritten();

  it("writes some (the check below is not empty)", () => {
    expect(written.size).toBeGreaterThan(0);
  });

  it.each([...written.keys()])("%s is defined in the shop pages' Mantine stylesheet", (name) => {
    expect(css.includes(`.${name}`), `${name} in ${written.get(name)?.join(", ")}`).toBe(true);
  });
});
