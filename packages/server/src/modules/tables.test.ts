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

/**
 * Modules held to reading their own tables only, everything else through the owners' read doors (issue 29's back office:
 * exports, the dashboard, imports and contacts read orders, products, commissions, refunds, campaigns, people and shops
 * through checkout's, catalog's, commissions', payments', referral's, accounts', shops' and collaborators' doors).
 */
const ownReadsOnly = ["contacts", "imports", "reports"];

/** The tables each module's source imports from db/schema (to read or write them), by module. */
function tableImports(): Map<string, Set<string>> {
  const imported = new Map<string, Set<string>>();
  for (const module of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const folder = path.join(modulesDir, module.name);
    const tables = new Set<string>();
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
      const source = fs.readFileSync(path.join(folder, file), "utf8");
      for (const match of source.matchAll(/import \{([^}]*)\} from "\.\.\/\.\.\/db\/schema\/[\w-]+"/g))
        for (const name of match[1].split(",")) if (!/^\s*type\s+/.test(name) && name.trim()) tables.add(name.trim());
    }
    imported.set(module.name, tables);
  }
  return imported;
}

/** "module reads table (owners)" for each table a module imports but does not write, among `modules`. */
function foreignReads(modules: string[], imports = tableImports(), writes = tableWrites()): string[] {
  return modules.flatMap((module) =>
    [...(imports.get(module) ?? [])]
      .filter((table) => !writes.get(table)?.has(module))
      .map((table) => `${module} reads ${table} (${[...(writes.get(table) ?? ["no writer"])].sort().join(", ")})`),
  );
}

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

describe("table ownership for reads (issue 29: the back office reads other modules' tables through their doors)", () => {
  it("reads only its own tables in the back-office modules", () => {
    expect(foreignReads(ownReadsOnly)).toEqual([]);
  });

  it("finds a module that reads a table another module owns", () => {
    const imports = new Map([["reports", new Set(["exportsTable", "orders"])]]);
    const writes = new Map([
      ["exportsTable", new Set(["reports"])],
      ["orders", new Set(["checkout"])],
    ]);
    expect(foreignReads(["reports"], imports, writes)).toEqual(["reports reads orders (checkout)"]);
    expect(tableImports().get("reports")).toContain("exportsTable");
  });
});

function sameSet(modules: Set<string>, expected: string[]): boolean {
  return modules.size === expected.length && expected.every((name) => modules.has(name));
}
