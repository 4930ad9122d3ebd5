// Writes file.br and file.gz beside every text file of the client build, so the server sends assets compressed at the
// highest levels without compressing them per request (@fastify/static `preCompressed` in packages/server/src/web.ts).
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const textFile = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;
const client = path.resolve(process.env.WEB_BUILD_DIR ?? "build", "client");

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (textFile.test(entry.name)) yield full;
  }
}

let count = 0;
const work = [];
for await (const file of files(client)) {
  const content = await fs.readFile(file);
  if (content.length < 1024) continue;
  count += 1;
  work.push(
    brotli(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }).then((data) => fs.writeFile(`${file}.br`, data)),
    gzip(content, { level: 9 }).then((data) => fs.writeFile(`${file}.gz`, data)),
  );
}
await Promise.all(work);
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), client)}`);
