import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = import.meta.dirname;
const groups = fs
  .readdirSync(path.join(dir, "../api"))
  .filter((name) => name.endsWith(".ts") && name !== "endpoint.ts")
  .map((name) => name.replace(/\.ts$/, ""));

/** method + path of every endpoint in a (possibly nested) group, by its dotted name. */
function table(group: Record<string, unknown>, prefix = ""): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const [key, value] of Object.entries(group)) {
    const entry = value as { method?: string; path?: string };
    if (typeof entry.method === "string" && typeof entry.path === "string") rows[`${prefix}${key}`] = `${entry.method} ${entry.path}`;
    else Object.assign(rows, table(value as Record<string, unknown>, `${prefix}${key}.`));
  }
  return rows;
}

describe("browser routes (src/routes/)", () => {
  it.each(groups)("%s: the same endpoints, methods and paths as its contract", async (group) => {
    const contracts = (await import(`../api/${group}.ts`)) as Record<string, Record<string, unknown>>;
    const routes = (await import(`./${group}.ts`)) as Record<string, Record<string, unknown>>;
    const names = Object.keys(contracts).filter((name) => name.endsWith("Api"));
    expect(Object.keys(routes).sort()).toEqual(names.sort());
    for (const name of names) expect(table(routes[name]), name).toEqual(table(contracts[name]));
  });

  it.each(groups)("%s: loads no schema (only the route helper at run time; the contract as a type)", (group) => {
    const source = fs.readFileSync(path.join(dir, `${group}.ts`), "utf8");
    const runtimeImports = [...source.matchAll(/^import (?!type )[^;]*from "([^"]+)";/gm)].map((match) => match[1]);
    expect(runtimeImports).toEqual(["../api/endpoint"]);
    expect(source).not.toMatch(/from "zod"/);
  });

  it("the route helper itself imports zod for types only", () => {
    const source = fs.readFileSync(path.join(dir, "../api/endpoint.ts"), "utf8");
    expect(source).not.toMatch(/^import (?!type )[^;]*from "zod"/m);
  });
});
