import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/** Every `from "../<module>/<file>"` in a module's source files, as "importer → target". */
function crossModuleImports(): string[] {
  const found: string[] = [];
  for (const module of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of fs
      .readdirSync(path.join(modulesDir, module.name))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
      const source = fs.readFileSync(path.join(modulesDir, module.name, file), "utf8");
      for (const match of source.matchAll(/from "\.\.\/([\w-]+)\/([\w-]+)"/g))
        found.push(`${module.name}/${file} → ${match[1]}/${match[2]}`);
    }
  }
  return found;
}

describe("module doors (ARCHITECTURE.md: a module reaches another only through its service)", () => {
  it("imports another module's service.ts only, never its queries, views or internals", () => {
    expect(crossModuleImports().filter((line) => !line.endsWith("/service"))).toEqual([]);
  });
});
