import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { INSTANCES, nginxBinary, reachable } from "./scaleout";

/**
 * The checkout and shop-admin journeys again, against two instances behind nginx on PostgreSQL + Redis (no sticky
 * sessions): run by `npm test` where this machine has all three, skipped with the reason where it has not.
 */
const specs = ["specs/checkout.spec.ts", "specs/admin.spec.ts"];

const missing: string[] = [];
if (!nginxBinary()) missing.push("nginx (apt-get install nginx)");
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) missing.push("TEST_DATABASE_URL (a PostgreSQL database to CREATE DATABASE from)");
else if (!(await reachable(databaseUrl, 5432))) missing.push(`PostgreSQL at TEST_DATABASE_URL (${new URL(databaseUrl).host})`);
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) missing.push("REDIS_URL");
else if (!(await reachable(redisUrl, 6379))) missing.push(`Redis at REDIS_URL (${new URL(redisUrl).host})`);

if (missing.length > 0) {
  console.log(`Scale-out journeys skipped: this machine lacks ${missing.join(", ")}. .ci/run provides them.`);
  process.exit(0);
}

console.log(`Scale-out journeys: ${specs.join(", ")} against ${INSTANCES} instances behind nginx on PostgreSQL + Redis`);
const started = Date.now();
const result = spawnSync("npx", ["vitest", "run", "--config", "vitest.config.ts", ...specs], {
  cwd: path.dirname(fileURLToPath(import.meta.url)),
  env: { ...process.env, E2E_TOPOLOGY: "scaleout" },
  stdio: "inherit",
});
console.log(`Scale-out journeys took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(result.status ?? 1);
