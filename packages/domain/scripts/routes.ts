/**
 * Writes src/routes/<group>.ts from each contract file in src/api/: every endpoint's method and path, typed by the
 * contract, without its zod schemas, for the browser. Run after adding, renaming or moving an endpoint
 * (`npm run routes -w @tianguis/domain`); the type-check fails until then.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { format, resolveConfig } from "prettier";
import type { Endpoint } from "../src/api/endpoint";

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "response" in value;

/** An object literal of the group's endpoints (method and path), nested groups kept nested. */
function table(group: Record<string, unknown>, indent: string): string {
  const lines = Object.entries(group).map(([key, value]) =>
    isEndpoint(value)
      ? `${indent}  ${JSON.stringify(key)}: { method: "${value.method}", path: ${JSON.stringify(value.path)} },\n`
      : `${indent}  ${JSON.stringify(key)}: ${table(value as Record<string, unknown>, `${indent}  `)},\n`,
  );
  return `{\n${lines.join("")}${indent}}`;
}

fs.mkdirSync(path.join(src, "routes"), { recursive: true });
for (const file of fs.readdirSync(path.join(src, "api")).filter((name) => name.endsWith(".ts") && name !== "endpoint.ts")) {
  const group = file.replace(/\.ts$/, "");
  const module = (await import(pathToFileURL(path.join(src, "api", file)).href)) as Record<string, unknown>;
  const blocks: string[] = [];
  const names = Object.keys(module).filter((name) => name.endsWith("Api"));
  for (const name of names) {
    blocks.push(`export const ${name} = routes<typeof ${name}Contract>(${table(module[name] as Record<string, unknown>, "")});\n`);
  }
  const text =
    `// Written by \`npm run routes -w @tianguis/domain\` from src/api/${file}: change the contract there, then run it again.\n` +
    `import type { ${names.map((name) => `${name} as ${name}Contract`).join(", ")} } from "../api/${group}";\n` +
    `import { routes } from "../api/endpoint";\n\n` +
    `/** The methods and paths of src/api/${file}, for the browser; the schemas stay with the contract (server, OpenAPI). */\n` +
    blocks.join("\n");
  const target = path.join(src, "routes", file);
  fs.writeFileSync(target, await format(text, { ...(await resolveConfig(target)), filepath: target }));
}
