import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Columns one module keeps on another's table, each with why. Nothing else may be written by two modules.
 * users.user_level is the subscriptions module's: the level a membership and the user's shops give (rules/plans.ts),
 * stored on the user so that a session reads it with the user.
 */
const sharedTables: Record<string, string[]> = { users: ["accounts", "subscriptions"] };

/** Every table a module's source writes with `.insert(t)`, `.update(t)` or `.delete(t)`, by the name it imports from db/schema. */
function tableWrites(): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  for (const module of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const folder = path.join(modulesDir, module.name);
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
      const source = fs.readFileSync(path.join(folder, file), "utf8");
      const tables = new Set<string>();
      for (const match of source.matchAll(/import \{([^}]*)\} from "\.\.\/\.\.\/db\/schema\/[\w-]+"/g))
        for (const name of match[1].split(",")) tables.add(name.replace(/^\s*type\s+/, "").trim());
      for (const match of source.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
        if (!tables.has(match[1])) continue;
        if (!writers.has(match[1])) writers.set(match[1], new Set());
        writers.get(match[1])?.add(module.name);
      }
    }
  }
  return writers;
}

describe("table ownership (ARCHITECTURE.md: a module writes only its own tables; others go through its doors)", () => {
  it("finds the writes it checks", () => {
    const writers = tableWrites();
    expect(writers.get("checkouts")).toEqual(new Set(["checkout"]));
    expect(writers.get("refunds")).toEqual(new Set(["payments"]));
  });

  it("lets each table be written by one module only", () => {
    const shared = [...tableWrites()]
      .filter(([table, modules]) => modules.size > 1 && !sameSet(modules, sharedTables[table] ?? []))
      .map(([table, modules]) => `${table}: ${[...modules].sort().join(", ")}`);
    expect(shared).toEqual([]);
  });
});

function sameSet(modules: Set<string>, expected: string[]): boolean {
  return modules.size === expected.length && expected.every((name) => modules.has(name));
}
