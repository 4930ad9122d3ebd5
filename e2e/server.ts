import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnListening } from "@tianguis/server/src/test/processes";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface RunningServer {
  baseURL: string;
  port: number;
  stop(): Promise<void>;
}

/** The newest modification time of the files under `dir`. */
function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * How to run the server: its compiled bundle (`npm test` builds it first; it starts in about a second) unless the
 * server's or the domain's sources changed after that build, then from source through tsx (a spec run while editing).
 */
function serverCommand(): string[] {
  const compiled = path.join(root, "packages/server", process.env.SERVER_DIST_DIR ?? "dist", "main.js");
  if (!fs.existsSync(compiled)) return ["--import", "tsx", "packages/server/src/main.ts"];
  const built = fs.statSync(compiled).mtimeMs;
  const sources = ["packages/server/src", "packages/domain/src"].map((dir) => newestIn(path.join(root, dir)));
  return Math.max(...sources) > built ? ["--import", "tsx", "packages/server/src/main.ts"] : [compiled];
}

function spawnServer(dataDir: string, env: Record<string, string>) {
  return spawnListening(process.execPath, serverCommand(), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Sessions remembered between requests as in production, so every journey runs with it.
      SESSION_CACHE_MS: "5000",
      // With REDIS_URL set (CI), each server's limits and development clock are its own, like its database.
      REDIS_KEY_PREFIX: `tianguis-e2e-${randomUUID()}-`,
      ...env,
    },
  });
}

/**
 * A data directory holding the migrated database with the demo marketplace, made once per run: a spec file's server
 * starts from a copy of it in 3 s instead of migrating and seeding for another 6 (the global setup).
 */
export async function seededDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-e2e-seeded-"));
  await (await spawnServer(dataDir, {})).stop();
  return dataDir;
}

/**
 * Starts the production server (built web app) on a free port with a data directory of its own: a copy of
 * `options.seeded` (see seededDataDir), or a new one it migrates and seeds itself.
 */
export async function startServer(env: Record<string, string> = {}, options: { seeded?: string } = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-e2e-"));
  if (options.seeded) fs.cpSync(options.seeded, dataDir, { recursive: true });
  const server = await spawnServer(dataDir, env);
  const { port } = server;
  return {
    port,
    baseURL: `http://localhost:${port}`,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
