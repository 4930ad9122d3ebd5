import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/** Each module's non-test source files, as [module, file name, source]. */
function moduleSources(): [string, string, string][] {
  return fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((module) =>
      fs
        .readdirSync(path.join(modulesDir, module.name))
        .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
        .map((file): [string, string, string] => [module.name, file, fs.readFileSync(path.join(modulesDir, module.name, file), "utf8")]),
    );
}

/** Every `from "../<module>/<file>"` in a module's source files, as "importer → target". */
function crossModuleImports(): string[] {
  return moduleSources().flatMap(([module, file, source]) =>
    [...source.matchAll(/from "\.\.\/([\w-]+)\/([\w-]+)"/g)].map((match) => `${module}/${file} → ${match[1]}/${match[2]}`),
  );
}

/** Module → the other modules it imports (`from "../<module>/…"` or `import("../<module>/…")`), names sorted. */
function moduleGraph(): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const [module, , source] of moduleSources()) {
    const targets = graph.get(module) ?? new Set<string>();
    for (const match of source.matchAll(/(?:from |import\()"\.\.\/([\w-]+)\//g)) if (match[1] !== module) targets.add(match[1]);
    graph.set(module, targets);
  }
  return new Map([...graph].sort(([a], [b]) => a.localeCompare(b)).map(([module, targets]) => [module, [...targets].sort()]));
}

/** The graph's strongly connected components of more than one module (Tarjan), each sorted: every import cycle lies in one. */
function cyclicComponents(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(module, Math.min(low.get(module)!, index.get(next)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== module);
    if (component.length > 1) components.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One shortest cycle through a component's first module, as "a → b → a", for a failure that says where to cut. */
function cyclePath(graph: Map<string, string[]>, component: string[]): string {
  const [start] = component;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift()!;
    for (const next of graph.get(module) ?? []) {
      if (!component.includes(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, module);
      if (next === start) queue.length = 0;
      else queue.push(next);
    }
  }
  const between: string[] = [];
  for (let module = cameFrom.get(start)!; module !== start; module = cameFrom.get(module)!) between.unshift(module);
  return [start, ...between, start].join(" → ");
}

describe("module doors (ARCHITECTURE.md: a module reaches another only through its service)", () => {
  it("imports another module's service.ts only, never its queries, views or internals", () => {
    expect(crossModuleImports().filter((line) => !line.endsWith("/service"))).toEqual([]);
  });

  it("has no import cycle between modules: a reaction is an event (events/bus.ts), not a call back", () => {
    const graph = moduleGraph();
    expect(cyclicComponents(graph).map((component) => cyclePath(graph, component))).toEqual([]);
  });

  it("finds and reports a cycle between modules", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(cyclicComponents(graph)).toEqual([["a", "b", "c"]]);
    expect(cyclePath(graph, ["a", "b", "c"])).toBe("a → b → c → a");
  });
});
