import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import type { Locale } from "@tianguis/domain/locale";
import type { Dictionary } from "@tianguis/domain/messages/catalogue";
import { type Plugin, type Rolldown, defineConfig, runnerImport } from "vite";

/**
 * Chunks for a fast first visit to a shop (issue 16). Shared code goes into a few long-lived chunks instead of one chunk
 * per combination of importing routes (a shop's first visit loaded 133 scripts), and each library or app module is put
 * in a chunk by whether the storefront needs it: what the shop pages (root, shop layout, home, listing, product) import
 * statically goes into the storefront's chunks (mantine, icons, domain, storefront); what only the admin, checkout,
 * editors and account pages need goes into "-more" chunks or splits per route, so a shop's first visit skips it.
 */
const storefrontEntries = /[\\/]app[\\/](root\.tsx|routes[\\/]shop-(layout|home|listing|product)\.tsx)(\?|$)/;

const libraries: { name: string; test: RegExp }[] = [
  {
    name: "mantine",
    test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications|store)|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|react-transition-group|clsx|tslib|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|detect-node-es|aria-hidden)[\\/]/,
  },
  { name: "icons", test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/ },
  { name: "domain", test: /[\\/]packages[\\/]domain[\\/]|node_modules[\\/](@tianguis[\\/]domain|zod)[\\/]/ },
];
/**
 * React, React DOM and the scheduler run on every page: one chunk of their own. Left ungrouped, React DOM's base module
 * goes with the first grouped chunk that needs it (a group takes its modules' dependencies along), and when the shop
 * pages stopped using Mantine's portal that was `mantine-later`, which a shop's first visit then loaded whole. Its group
 * comes first (`priority`).
 */
const react = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** The app's own code (features, ui, lib) outside the route modules, which stay one file each. */
const appCode = /[\\/]packages[\\/]web[\\/]app[\\/](?!routes[\\/]|root\.tsx)/;
/**
 * Packages whose index only re-exports: a module importing `{ Button }` from one needs Button's file, not all of them.
 * (Walking through the index would put every component the app uses anywhere into the storefront's chunk.)
 */
const barrels =
  /node_modules[\\/](@mantine[\\/](core|hooks|notifications)|@tabler[\\/]icons-react)[\\/].*index\.mjs$|tabler-icons-react\.mjs$/;

type Info = (id: string) => Rolldown.ModuleInfo | null;
const packageName = (id: string) => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1].replace(/\\/g, "/") ?? "";
/** The names an `import { A, B as C } from` or `export { A as D } from` statement takes from the package: A and B. */
const names = (list: string) =>
  list
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, ""))
    .filter(Boolean)
    .map((part) => part.split(/\s+as\s+/)[0]);

/** A barrel's exported name → the module that defines it; `undefined` for star re-exports (kept whole). */
function barrelExports(barrel: Rolldown.ModuleInfo): { byName: Map<string, string>; stars: string[] } {
  const byName = new Map<string, string>();
  const stars: string[] = [];
  const resolve = (specifier: string) => {
    const wanted = specifier.startsWith(".") ? path.resolve(path.dirname(barrel.id), specifier) : `node_modules/${specifier}`;
    return barrel.importedIds.find((id) => id === wanted || id.replace(/\\/g, "/").includes(wanted));
  };
  for (const match of (barrel.code ?? "").matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = resolve(match[2]);
    if (target)
      for (const name of match[1].split(",").map(
        (part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .at(-1) as string,
      ))
        byName.set(name, target);
  }
  for (const match of (barrel.code ?? "").matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
    const target = resolve(match[1]);
    if (target) stars.push(target);
  }
  return { byName, stars };
}

/** The modules `entries` load statically: a forward walk through their imports, through barrels by name. */
function staticModules(entries: string[], info: Info): Set<string> {
  const found = new Set<string>();
  const exportsOf = new Map<string, ReturnType<typeof barrelExports>>();
  const queue = [...entries];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (found.has(id)) continue;
    found.add(id);
    const module = info(id);
    if (!module) continue;
    for (const dependency of module.importedIds) {
      const barrel = barrels.test(dependency) ? info(dependency) : null;
      if (!barrel) {
        queue.push(dependency);
        continue;
      }
      found.add(dependency);
      if (!exportsOf.has(dependency)) exportsOf.set(dependency, barrelExports(barrel));
      const { byName, stars } = exportsOf.get(dependency) as ReturnType<typeof barrelExports>;
      const name = packageName(dependency).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      const code = module.code ?? "";
      const whole = new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s+from\\s*["']${name}["']`).test(code);
      const imported = [...code.matchAll(new RegExp(`(?:import|export)\\s*(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*["']${name}["']`, "g"))];
      // Mantine's own files import '@mantine/hooks' for its side effects alone (it has none): that brings no export.
      if (!whole && imported.length === 0 && new RegExp(`import\\s*["']${name}["']`).test(code)) continue;
      if (whole || (imported.length === 0 && module.importedIds.includes(dependency))) {
        // Imported in a way this reading does not follow: keep every export of the package.
        queue.push(...barrel.importedIds);
        continue;
      }
      queue.push(...stars);
      for (const match of imported)
        for (const exported of names(match[1])) if (byName.has(exported)) queue.push(byName.get(exported) as string);
    }
  }
  return found;
}

/** Groups the browser's modules once the build has read them all (the client build only). */
function storefrontChunks(): { plugin: Plugin; name: (id: string) => string | null; storefront: () => Set<string> } {
  let storefront = new Set<string>();
  let storefrontLater = new Set<string>();
  const plugin: Plugin = {
    name: "tianguis:storefront-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const info: Info = (id) => this.getModuleInfo(id);
      storefront = staticModules(
        [...this.getModuleIds()].filter((id) => storefrontEntries.test(id)),
        info,
      );
      // The shop pages' parts that load on first use (menus, dialogs, the cart drawer, search suggestions).
      const later = [...storefront].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []);
      storefrontLater = new Set([...staticModules(later, info)].filter((id) => !storefront.has(id)));
    },
  };
  const name = (id: string): string | null => {
    const library = libraries.find((group) => group.test.test(id));
    const isApp = !library && appCode.test(id) && !id.includes("node_modules");
    if (!library && !isApp) return null;
    if (storefront.has(id)) return library ? library.name : "storefront";
    // What a shop page's first opened menu or dialog needs of Mantine comes in one chunk of its own, not with every
    // component the admin pages use.
    if (library?.name === "mantine" && storefrontLater.has(id)) return "mantine-later";
    // Outside the storefront, libraries keep one chunk each; app code splits per route.
    return library ? `${library.name}-more` : null;
  };
  return { plugin, name, storefront: () => storefront };
}

const chunks = storefrontChunks();

/** The message codes a module's code names: quoted codes, and every code starting with a prefix it completes (`pm_${…}`). */
function codesIn(code: string, dictionary: Dictionary, codes: Set<string>) {
  for (const match of code.matchAll(/["'`]([a-z][a-z0-9_]*)["'`]/g)) if (Object.hasOwn(dictionary, match[1])) codes.add(match[1]);
  for (const match of code.matchAll(/`([a-z][a-z0-9_]*_)\$\{/g))
    for (const known of Object.keys(dictionary)) if (known.startsWith(match[1])) codes.add(known);
}

/**
 * The message catalogue in the browser: the texts a page shows, not all 1,800 in three languages. The domain's
 * `messages/dictionaries.ts` (every text of every locale) becomes, in the client build, a module holding the Spanish
 * texts (every locale's fallback) of the codes the shop pages' own modules name: what a shop's first visit needs. All
 * Spanish texts, English and Argentine Spanish come in chunks of their own:
 * - `entry.client.tsx` loads the page's language before hydrating, all of it except on a Spanish shop page;
 * - a shop page loads the rest of Spanish on the visitor's first click, key or touch (before anything opens or
 *   navigates), with the part that opens (`lazyPart`), before an API error is shown, and when `translate` misses a
 *   code anyway; components reading texts through `useT` render again once they arrive.
 */
function messagesByLocale(storefront: () => Set<string>): Plugin {
  const dictionariesModule = /[\\/]packages[\\/]domain[\\/]src[\\/]messages[\\/]dictionaries\.ts$/;
  const prefix = "\0tianguis-messages:";
  const placeholder = "__TIANGUIS_SHOP_TEXTS__";
  let dictionaries: Promise<Partial<Record<Locale, Dictionary>>> | undefined;
  const load = () => {
    dictionaries ??= runnerImport<{ dictionaries: Partial<Record<Locale, Dictionary>> }>(
      fileURLToPath(new URL("../domain/src/messages/dictionaries.ts", import.meta.url)),
      { configFile: false, logLevel: "error" },
    ).then((result) => result.module.dictionaries);
    return dictionaries;
  };
  const browserTextsModule = fileURLToPath(new URL("./app/lib/browser-texts.ts", import.meta.url));
  return {
    name: "tianguis:messages",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (id) => (id.startsWith(prefix) ? id : null),
    async load(id) {
      if (id.startsWith(prefix)) {
        const locale = id.slice(prefix.length) as Locale;
        return `export default ${JSON.stringify((await load())[locale])};`;
      }
      if (!dictionariesModule.test(id)) return null;
      // The browser's catalogue (app/lib/browser-texts.ts), starting from a shop page's Spanish texts.
      return [
        `import { browserTexts } from ${JSON.stringify(browserTextsModule)};`,
        `const texts = browserTexts(JSON.parse(${JSON.stringify(placeholder)}), {`,
        ...(["es", "en", "es-AR"] as const).map(
          (locale) => `  ${JSON.stringify(locale)}: () => import(${JSON.stringify(`${prefix}${locale}`)}),`,
        ),
        "});",
        "export const { dictionaries, loadDictionary, onMissingText, subscribeTexts, textsVersion } = texts;",
        'if (typeof window !== "undefined") texts.loadWhenVisitorActs(window);',
      ].join("\n");
    },
    async renderChunk(code) {
      if (!code.includes(placeholder)) return null;
      const { es } = await load();
      const codes = new Set(["unknown"]);
      for (const id of storefront()) codesIn(this.getModuleInfo(id)?.code ?? "", es as Dictionary, codes);
      const texts = Object.fromEntries([...codes].sort().map((code) => [code, (es as Dictionary)[code]]));
      return { code: code.replace(JSON.stringify(placeholder), JSON.stringify(JSON.stringify(texts))), map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), chunks.plugin, messagesByLocale(chunks.storefront)],
  ssr: { noExternal: ["@tianguis/domain"] },
  // The browser's chunks only: the server build loads from disk, where chunking does not matter.
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "react", test: react, priority: 1 },
                { name: chunks.name, debugName: "storefront-chunks" },
              ],
            },
          },
        },
      },
}));
