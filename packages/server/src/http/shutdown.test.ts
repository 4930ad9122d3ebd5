import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, testDatabaseKind } from "../test/harness";
import { spawnListening } from "../test/processes";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("health and readiness", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("answers /healthz, and /readyz with the database's and Redis's state; 503 while draining", async () => {
    t = await createTestApp();
    const live = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "ok", redis: "not_configured" });
    expect(ready.headers["cache-control"]).toBe("no-store");
    t.app.readiness.draining = true;
    const draining = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(draining.statusCode).toBe(503);
    expect(draining.json().status).toBe("draining");
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("is not ready while Redis does not answer, though still alive", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "not_ready", database: "ok", redis: "failing" });
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});

/** The real server process (main.ts), API only, on PGlite in a fresh data directory. */
async function startServerProcess(): Promise<{ child: ChildProcess; port: number; output: () => string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-shutdown-"));
  const { DATABASE_URL: _database, REDIS_URL: _redis, STORAGE_DIR: _storage, S3_BUCKET: _bucket, ...inherited } = process.env;
  const { child, port, output } = await spawnListening(process.execPath, ["--import", "tsx", "src/main.ts", "--api-only"], {
    cwd: serverDir,
    // The grace period is the test's to end (by finishing the request), not the clock's: a busy machine takes seconds
    // between the SIGTERM and the rest of the body.
    env: {
      ...inherited,
      NODE_ENV: "test",
      SEED_DEMO: "false",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      SHUTDOWN_TIMEOUT_MS: "600000",
    },
  });
  return { child, port, output, dataDir };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

// The process runs on PGlite whichever database the suite uses, so once is enough.
describe.skipIf(testDatabaseKind === "postgres")("graceful shutdown of the server process", () => {
  it("on SIGTERM stops accepting, finishes the request in flight, closes and exits 0", async () => {
    const server = await startServerProcess();
    try {
      const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
      // A login whose body is still arriving when SIGTERM comes: in flight, not idle.
      const body = JSON.stringify({ username: "nadie@ejemplo.mx", password: "equivocada" });
      const socket = net.connect(server.port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString();
      });
      const ended = new Promise((resolve) => socket.once("close", resolve));
      socket.write(
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.slice(0, 10));
      await sleep(300);

      server.child.kill("SIGTERM");
      const deadline = Date.now() + 120_000;
      while ((await connects(server.port)) && Date.now() < deadline) await sleep(50);
      expect(await connects(server.port)).toBe(false);
      expect(server.child.exitCode).toBeNull();

      await sleep(700);
      socket.write(body.slice(10));
      await ended;
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('"code":"invalid_credentials"');
      expect(await exited).toBe(0);
      expect(server.output()).toContain("shut down cleanly");
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
