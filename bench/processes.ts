import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPostgresDatabase, spawnListening } from "@tianguis/server/src/test/processes";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(benchDir, "..");

/**
 * Where the bench builds and what it runs: its own folders (packages/web/build-bench, packages/server/dist-bench) unless
 * WEB_BUILD_DIR / SERVER_DIST_DIR say otherwise, so a bench never overwrites the build `npm start` or a test run uses.
 */
export const benchBuildDirs = {
  web: process.env.WEB_BUILD_DIR ?? "build-bench",
  server: process.env.SERVER_DIST_DIR ?? "dist-bench",
};

export interface ServerProcess {
  url: string;
  /** The process id, to read its CPU time (bench/cpu.ts). */
  pid?: number;
  stop(): Promise<void>;
}

/** utime + stime of a process, in ms (Linux /proc; the clock tick is 100 Hz there). */
export function cpuTimeMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A fresh PostgreSQL database on the server BENCH_DATABASE_URL points at; dropped by `drop()`. */
export const freshPostgres = (adminUrl: string) => createPostgresDatabase(adminUrl, "tianguis_bench");

/** The PostgreSQL server the benches may create databases on: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export const benchPostgresUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Runs a bench on the embedded database, then on a fresh PostgreSQL database (dropped after) when a server is named. */
export async function onEachDatabase(what: string, bench: (databaseUrl: string | undefined) => Promise<unknown>): Promise<void> {
  await bench(undefined);
  const adminUrl = benchPostgresUrl();
  if (!adminUrl) {
    console.log(`(set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server to bench ${what} there too)`);
    return;
  }
  const postgres = await freshPostgres(adminUrl);
  try {
    await bench(postgres.url);
  } finally {
    await postgres.drop();
  }
}

/** Stops a bench server forked with an IPC channel: asks it to stop (else kills it) and waits for it to exit. */
export async function stopForked(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  if (server.connected) server.send("stop");
  else server.kill();
  await exited;
}

/**
 * The app as `npm start` runs it (NODE_ENV=production, the built web app, the demo seed), in its own process with a
 * fresh data directory; `root` may point at another checkout of the project to measure it the same way.
 */
export async function startServerProcess(
  options: { databaseUrl?: string; root?: string; dataDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ServerProcess> {
  const root = options.root ?? process.env.BENCH_SERVER_ROOT ?? repoRoot;
  // A data directory passed in belongs to the caller (kept on stop); otherwise a fresh one, removed on stop.
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-"));
  const compiled = path.join(root, "packages/server", benchBuildDirs.server, "main.js");
  const args = fs.existsSync(compiled) ? [compiled] : ["--import", "tsx", "packages/server/src/main.ts"];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    // The demo marketplace, paid through the sandbox, on PostgreSQL too: in production the sandbox charges only in the demo.
    DEMO_MODE: "true",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, APP_SECRET: randomBytes(36).toString("base64url") } : {}),
    ...options.env,
  };
  env.WEB_BUILD_DIR = benchBuildDirs.web;
  const server = await spawnListening(process.execPath, args, { cwd: root, env });
  return {
    url: `http://127.0.0.1:${server.port}`,
    pid: server.child.pid,
    stop: async () => {
      await server.stop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The reference: a bare Fastify route answering `body` (parsed, so Fastify serialises it per request), in its own process. */
export async function startReferenceProcess(body: string): Promise<ServerProcess> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-ref-")), "body.json");
  fs.writeFileSync(file, body);
  const server = await spawnListening(process.execPath, ["--import", "tsx", path.join(benchDir, "reference-server.ts"), file], {
    cwd: benchDir,
    env: { ...process.env, NODE_ENV: "production" },
    pattern: /reference listening on (\d+)/,
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    pid: server.child.pid,
    stop: async () => {
      await server.stop();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

const floorDir = path.join(benchDir, "floor");

/**
 * Builds the floor app (bench/floor: React Router's smallest server-rendered page, a heading and a link) with the
 * installed react, react-dom, react-router and vite, the way the app is built: production mode, then .br and .gz beside
 * each client file by the app's own script. Takes a few seconds; its output (bench/floor/build) is ignored by git.
 */
export function buildFloor() {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  delete env.WEB_BUILD_DIR;
  const steps = [
    [path.join(repoRoot, "node_modules/@react-router/dev/bin.js"), "build"],
    [path.join(repoRoot, "packages/web/scripts/precompress.mjs")],
  ];
  for (const args of steps) {
    const step = spawnSync(process.execPath, args, { cwd: floorDir, env, stdio: ["ignore", "ignore", "inherit"] });
    if (step.status !== 0) throw new Error(`building bench/floor failed: ${args.join(" ")} exited with ${step.status}`);
  }
}

export const floorBuilt = () => fs.existsSync(path.join(floorDir, "build/server/index.js"));

/** The floor app served as the app serves its pages (bench/floor/server.ts), in its own process. */
export async function startFloorProcess(): Promise<ServerProcess> {
  const server = await spawnListening(process.execPath, ["--import", "tsx", path.join(floorDir, "server.ts")], {
    cwd: floorDir,
    env: { ...process.env, NODE_ENV: "production" },
    pattern: /floor listening on (\d+)/,
  });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop() };
}
