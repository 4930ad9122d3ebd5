import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { type ServerBuild, createRequestHandler } from "react-router";

/**
 * The floor app's server, serving its build the way the app does (packages/server/src/web.ts): pages rendered per
 * request by React Router's request handler, the client's files by @fastify/static from the .br/.gz files written
 * beside them at build time (packages/web/scripts/precompress.mjs), pages compressed for clients that accept it.
 * Rendering per request rather than prerendering keeps the build, and so the client runtime, the app's (`ssr: true`).
 */
const buildDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "build");
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const handle = createRequestHandler(build, "production");

const app = Fastify({ logger: false });
await app.register(fastifyStatic, {
  root: path.join(buildDir, "client"),
  prefix: "/",
  wildcard: false,
  index: false,
  preCompressed: true,
  setHeaders: (res) => res.setHeader("vary", "accept-encoding"),
});
app.get("/*", async (request, reply) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  const response = await handle(new Request(new URL(request.url, `http://${request.headers.host ?? "localhost"}`), { headers }));
  reply.status(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  const body = Buffer.from(await response.arrayBuffer());
  const accepts = request.headers["accept-encoding"] ?? "";
  if (accepts.includes("br")) return reply.header("content-encoding", "br").send(zlib.brotliCompressSync(body));
  if (accepts.includes("gzip")) return reply.header("content-encoding", "gzip").send(zlib.gzipSync(body));
  return reply.send(body);
});
await app.listen({ host: "127.0.0.1", port: 0 });
console.log(`floor listening on ${(app.server.address() as { port: number }).port}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
