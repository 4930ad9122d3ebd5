/**
 * The domain package's files import one another in one direction only (schemas import rules' constants, rules import
 * schemas' types, never both ways round): no import cycle between files, type-only imports included.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const domainSrc = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

const importPatterns = [
  // import x from "y", import type x from "y" and export { x } from "y", over several lines
  /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm,
  /^\s*import\s*["']([^"']+)["']/gm, // import "y" (side effects)
  /\bimport\(\s*["']([^"']+)["']\s*\)/g, // import("y")
];

/** The package files a source file imports (relative specifiers only). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = importPatterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
  return specifiers
    .filter((specifier) => specifier.startsWith("."))
    .flatMap((specifier) => {
      const base = resolve(dirname(file), specifier.replace(/\.js$/, ""));
      const found = [`${base}.ts`, join(base, "index.ts")].find((path) => existsSync(path));
      return found ? [found] : [];
    });
}

/** Every cycle a depth-first walk meets, each as the files from the first to the one importing it back. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe("domain layering", () => {
  it("has no import cycle between files", () => {
    const graph = new Map(sourceFiles(domainSrc).map((file) => [file, importsOf(file)]));
    expect(graph.size).toBeGreaterThan(50);
    expect(cycles(graph).map((cycle) => cycle.map((file) => relative(domainSrc, file)).join(" -> "))).toEqual([]);
  });

  it("reports a cycle as the path that closes it", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cycles(graph)).toEqual([["a", "b", "c", "a"]]);
  });
});
