/**
 * The house's layering rules (STYLE.md points 1 and 12), checked by reading import lines:
 * web: no import cycle (between files, or between features), app/lib and app/ui never import features or routes,
 * features never import routes;
 * server: a module imports another module's service only (never its queries.ts), and http/ never imports modules/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const webApp = dirname(fileURLToPath(import.meta.url));
const serverSrc = resolve(webApp, "../../server/src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name.startsWith(".") ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const importPatterns = [
  // import x from "y" and export { x } from "y", over several lines
  /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm,
  /^\s*import\s*["']([^"']+)["']/gm, // import "y" (side effects)
  /\bimport\(\s*["']([^"']+)["']\s*\)/g, // import("y")
];

/** The project files a source file imports (relative specifiers only; packages and missing files are skipped). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = importPatterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
  return specifiers
    .filter((specifier) => specifier.startsWith("."))
    .flatMap((specifier) => {
      const base = resolve(dirname(file), specifier.replace(/\.js$/, ""));
      const candidates = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext);
      const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
      return found && /\.tsx?$/.test(found) ? [found] : [];
    });
}

function importGraph(root: string): Map<string, string[]> {
  return new Map(sourceFiles(root).map((file) => [file, importsOf(file)]));
}

/** Every cycle found by a depth-first walk, each as the list of files from the first to the one importing it back. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/** "a.ts -> b.ts" lines, relative to `root`, for readable failures. */
function edges(root: string, graph: Map<string, string[]>, breaks: (from: string, to: string) => boolean): string[] {
  return [...graph].flatMap(([from, targets]) =>
    targets
      .filter((to) => breaks(relative(root, from), relative(root, to)))
      .map((to) => `${relative(root, from)} -> ${relative(root, to)}`),
  );
}

describe("web app layering", () => {
  const graph = importGraph(webApp);

  it("has no import cycle", () => {
    expect(cycles(graph).map((cycle) => cycle.map((file) => relative(webApp, file)).join(" -> "))).toEqual([]);
  });

  it("has no cycle between features (a feature may use another's components, never in a circle)", () => {
    const featureOf = (file: string) => /^features\/([^/]+)\//.exec(relative(webApp, file))?.[1];
    const features = new Map<string, string[]>();
    for (const [from, targets] of graph) {
      const feature = featureOf(from);
      if (!feature) continue;
      const uses = targets.map(featureOf).filter((used): used is string => used !== undefined && used !== feature);
      features.set(feature, [...new Set([...(features.get(feature) ?? []), ...uses])]);
    }
    expect(cycles(features).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("keeps lib and ui below features and routes", () => {
    const below = (path: string) => path.startsWith("lib/") || path.startsWith("ui/");
    const above = (path: string) => path.startsWith("features/") || path.startsWith("routes/");
    expect(edges(webApp, graph, (from, to) => below(from) && above(to))).toEqual([]);
  });

  it("keeps features below routes", () => {
    expect(edges(webApp, graph, (from, to) => from.startsWith("features/") && to.startsWith("routes/"))).toEqual([]);
  });
});

describe("server module doors", () => {
  const graph = importGraph(serverSrc);
  const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];

  it("lets no module import another module's queries.ts", () => {
    const intoQueries = (from: string, to: string) =>
      moduleOf(from) !== undefined && to.endsWith("/queries.ts") && moduleOf(to) !== undefined && moduleOf(to) !== moduleOf(from);
    expect(edges(serverSrc, graph, intoQueries)).toEqual([]);
  });

  it("keeps http/ from importing modules/", () => {
    expect(edges(serverSrc, graph, (from, to) => from.startsWith("http/") && to.startsWith("modules/"))).toEqual([]);
  });
});
