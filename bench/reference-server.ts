import fs from "node:fs";
import Fastify from "fastify";

/**
 * The bench's reference: a bare Fastify route (no plugins, no database) answering the JSON the real listing API answered,
 * serialised per request. The storefront's figures are reported as a ratio to this one, measured the same way.
 */
const body = JSON.parse(fs.readFileSync(process.argv[2], "utf8")) as unknown;
const app = Fastify({ logger: false });
app.get("/reference", async () => body);
await app.listen({ host: "127.0.0.1", port: 0 });
console.log(`reference listening on ${(app.server.address() as { port: number }).port}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
