// Compiles the server for production (issue 16): one ES module, dist/main.js, with this repository's TypeScript
// (server and @tianguis/domain) bundled in and every npm package left as an import, so `npm start` runs plain
// JavaScript without a TypeScript loader. The migrations travel beside it (db/client.ts reads them next to the code).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// SERVER_DIST_DIR (a folder beside dist, e.g. dist-bench) lets a bench or a parallel run build without clobbering dist.
const dist = path.join(root, process.env.SERVER_DIST_DIR ?? "dist");
if (path.dirname(dist) !== root) throw new Error("SERVER_DIST_DIR must name a folder directly inside packages/server");
fs.rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [path.join(root, "src/main.ts")],
  outfile: path.join(dist, "main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "npm-packages-stay-external",
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@tianguis/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
fs.cpSync(path.join(root, "src/db/migrations"), path.join(dist, "migrations"), { recursive: true });
console.log(`built ${path.relative(process.cwd(), path.join(dist, "main.js"))}`);
