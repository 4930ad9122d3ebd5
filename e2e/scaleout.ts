import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPostgresDatabase } from "@tianguis/server/src/test/processes";
import { startTestS3 } from "@tianguis/server/src/test/s3-server";
import { type RunningServer, startServer } from "./server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const INSTANCES = 2;
const METRICS_TOKEN = `e2e-metrics-${randomUUID()}`;

/** The sum of a metric's samples in Prometheus's text format (all label sets), or undefined when it has none. */
function total(text: string, name: string): number | undefined {
  const values = text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => Number(line.slice(line.lastIndexOf(" ") + 1)));
  return values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0);
}

/**
 * Scrapes GET /metrics from every instance at its own address, as Prometheus does (docs/DEPLOY.md "Metrics"), and checks
 * what the journeys must have left there; nginx must not serve it. Answers the problems found.
 */
async function checkMetrics(nginxPort: number, ports: number[]): Promise<string[]> {
  const problems: string[] = [];
  const throughNginx = await fetch(`http://127.0.0.1:${nginxPort}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (throughNginx.status !== 404) problems.push(`nginx answered ${throughNginx.status} for /metrics, not 404`);
  const scrapes: string[] = [];
  for (const port of ports) {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await response.text();
    if (response.status !== 200) {
      problems.push(`instance on port ${port} answered ${response.status} for /metrics`);
      continue;
    }
    scrapes.push(text);
    if (!((total(text, "tianguis_http_requests_total") ?? 0) > 0)) problems.push(`instance on port ${port} counted no HTTP request`);
    if (!((total(text, "tianguis_db_pool_connections") ?? 0) > 0)) problems.push(`instance on port ${port} reports no database pool`);
    if (!((total(text, "tianguis_db_query_duration_seconds_count") ?? 0) > 0)) problems.push(`instance on port ${port} timed no statement`);
    if (total(text, "tianguis_jobs_due") === undefined) problems.push(`instance on port ${port} reports no job queue`);
  }
  const summed = (name: string) => scrapes.reduce((sum, text) => sum + (total(text, name) ?? 0), 0);
  // Every journey has its pages rendered on the server.
  if (!(summed("tianguis_ssr_render_duration_seconds_count") > 0)) problems.push("no instance timed a page render");
  for (const name of ["tianguis_page_cache_requests_total", "tianguis_payment_outcomes_total", "tianguis_logins_refused_total"])
    if (!scrapes.every((text) => text.includes(`# TYPE ${name} counter`))) problems.push(`an instance does not declare ${name}`);
  return problems;
}

/** nginx from PATH or Debian's /usr/sbin/nginx, or null. */
export function nginxBinary(): string | null {
  for (const candidate of [...(process.env.PATH ?? "").split(":").map((dir) => path.join(dir, "nginx")), "/usr/sbin/nginx"]) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** Whether host:port of `url` accepts a connection within a second. */
export function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || "127.0.0.1", port: Number(port || defaultPort), timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The main nginx.conf around deploy/nginx.conf, the site file a deployment uses, with its upstream servers replaced
 * by the instances' ports and its listen lines by a free loopback port. Logs which instance served each request.
 */
function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const site = fs
    .readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replace(/^(\s*)server 127\.0\.0\.1:\d+ (.*);\n(?:\s*server 127\.0\.0\.1:\d+ .*;\n)*/m, (_all, indent: string, options: string) =>
      upstreams.map((upstream) => `${indent}server 127.0.0.1:${upstream} ${options};\n`).join(""),
    )
    .replace(/^\s*listen 80;\n\s*listen \[::\]:80;\n/m, `    listen 127.0.0.1:${port};\n`);
  if (!site.includes(`listen 127.0.0.1:${port};`) || !site.includes(`server 127.0.0.1:${upstreams[1]} `))
    throw new Error("deploy/nginx.conf no longer has the upstream or listen lines e2e/scaleout.ts replaces");
  fs.writeFileSync(path.join(dir, "tianguis.conf"), site);
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) fs.mkdirSync(path.join(dir, "tmp", temp), { recursive: true });
  const isRoot = process.getuid?.() === 0;
  return [
    // As root, the workers would otherwise run as nobody and could not write the temporary files here.
    ...(isRoot ? ["user root;"] : []),
    "daemon off;",
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 256; }",
    "http {",
    "  log_format upstream '$upstream_addr $status $request';",
    `  access_log ${dir}/access.log upstream;`,
    ...["body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
      (temp) => `  ${temp === "body" ? "client_body" : temp}_temp_path ${dir}/tmp/${temp};`,
    ),
    `  include ${dir}/tianguis.conf;`,
    "}",
    "",
  ].join("\n");
}

async function startNginx(dir: string, port: number, upstreams: number[]): Promise<ChildProcess> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed (apt-get install nginx)");
  const config = path.join(dir, "nginx.conf");
  fs.writeFileSync(config, nginxConfig(dir, port, upstreams));
  execFileSync(nginx, ["-t", "-q", "-p", dir, "-c", config, "-e", path.join(dir, "error.log")], { stdio: "pipe" });
  const child = spawn(nginx, ["-p", dir, "-c", config, "-e", path.join(dir, "error.log")], { stdio: "ignore" });
  const deadline = Date.now() + 10_000;
  while (!(await reachable(`http://127.0.0.1:${port}`, port))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`nginx did not start:\n${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

/**
 * Two server processes on a fresh PostgreSQL database, one Redis (under a key prefix of this run's own) and one
 * S3-compatible bucket (s3rver), behind nginx configured from deploy/nginx.conf. The browser talks to nginx only.
 * Needs TEST_DATABASE_URL (a database to connect to for CREATE DATABASE) and REDIS_URL.
 */
export async function startScaleout(): Promise<RunningServer> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!adminUrl || !redisUrl) throw new Error("the scale-out topology needs TEST_DATABASE_URL and REDIS_URL");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tianguis-scaleout-"));
  const cleanups: (() => Promise<unknown> | void)[] = [() => fs.rmSync(dir, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  };
  try {
    const database = await createPostgresDatabase(adminUrl, "tianguis_e2e");
    cleanups.push(() => database.drop());
    const s3 = await startTestS3();
    cleanups.push(() => s3.close());
    const env = {
      ...s3.env,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `tianguis-e2e-${randomUUID()}-`,
      TRUST_PROXY: "loopback",
      APP_SECRET: `e2e-${randomUUID()}-${randomUUID()}`,
      METRICS_TOKEN,
    };
    // Started together: they take turns to migrate and seed (main.ts's startup lock), as a deployment's would.
    const instances = await Promise.all(Array.from({ length: INSTANCES }, () => startServer(env)));
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stop())));
    const port = await freePort();
    const nginx = await startNginx(
      dir,
      port,
      instances.map((instance) => instance.port),
    );
    cleanups.push(
      () =>
        new Promise((resolve) => {
          nginx.once("exit", resolve);
          nginx.kill("SIGQUIT");
        }),
    );
    return {
      port,
      baseURL: `http://localhost:${port}`,
      stop: async () => {
        const metricsProblems = await checkMetrics(
          port,
          instances.map((instance) => instance.port),
        ).catch((error: unknown) => [`scraping /metrics failed: ${String(error)}`]);
        const log = fs.existsSync(path.join(dir, "access.log")) ? fs.readFileSync(path.join(dir, "access.log"), "utf8") : "";
        await cleanUp();
        // The journeys must really have been served by every instance, not by one that happened to be first.
        const served = new Set(log.split("\n").flatMap((line) => line.match(/^127\.0\.0\.1:(\d+) /)?.[1] ?? []));
        const unused = instances.filter((instance) => !served.has(String(instance.port)));
        if (unused.length > 0) throw new Error(`nginx sent no request to instance(s) on port ${unused.map((i) => i.port).join(", ")}`);
        if (metricsProblems.length > 0) throw new Error(`/metrics of the instances: ${metricsProblems.join("; ")}`);
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
