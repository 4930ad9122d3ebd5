import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(benchDir, "..");

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/** Spawns a Node process and waits for `pattern` on its output; the first group of the match is the port. */
async function spawnListening(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, pattern: RegExp) {
  const child: ChildProcess = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(" ")} did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} exited with ${code}:\n${output}`));
    });
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** A fresh PostgreSQL database on the server BENCH_DATABASE_URL points at; dropped by `drop()`. */
export async function freshPostgres(adminUrl: string) {
  const name = `tianguis_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The app as `npm start` runs it (NODE_ENV=production, the built web app, the demo seed), in its own process with a
 * fresh data directory; `root` may point at another checkout of the project to measure it the same way.
 */
export async function startServerProcess(options: { databaseUrl?: string; root?: string } = {}): Promise<ServerProcess> {
  const root = options.root ?? process.env.BENCH_SERVER_ROOT ?? repoRoot;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-"));
  const compiled = path.join(root, "packages/server/dist/main.js");
  const args = fs.existsSync(compiled) ? [compiled] : ["--import", "tsx", "packages/server/src/main.ts"];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, APP_SECRET: randomBytes(36).toString("base64url") } : {}),
  };
  delete env.WEB_BUILD_DIR;
  const server = await spawnListening(process.execPath, args, root, env, /running at http:\/\/localhost:(\d+)/);
  return {
    url: `http://127.0.0.1:${server.port}`,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The reference: a bare Fastify route answering `body` (parsed, so Fastify serialises it per request), in its own process. */
export async function startReferenceProcess(body: string): Promise<ServerProcess> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-bench-ref-")), "body.json");
  fs.writeFileSync(file, body);
  const server = await spawnListening(
    process.execPath,
    ["--import", "tsx", path.join(benchDir, "reference-server.ts"), file],
    benchDir,
    { ...process.env, NODE_ENV: "production" },
    /reference listening on (\d+)/,
  );
  return {
    url: `http://127.0.0.1:${server.port}`,
    stop: async () => {
      await server.stop();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}
