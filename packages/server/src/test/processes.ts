import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";

/** The line main.ts prints once it listens; its group is the port. */
export const SERVER_LISTENING = /running at http:\/\/localhost:(\d+)/;

export interface ListeningProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process has printed so far. */
  output(): string;
  /** SIGTERM, then waits for the exit (at once if it has already exited). */
  stop(): Promise<void>;
}

/** Spawns a process and waits until `pattern` shows on its output; the pattern's first group is the port. */
export async function spawnListening(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; pattern?: RegExp; timeoutMs?: number },
): Promise<ListeningProcess> {
  const pattern = options.pattern ?? SERVER_LISTENING;
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(" ")} did not start:\n${output}`)), options.timeoutMs ?? 600_000);
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
    child,
    port,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * A fresh PostgreSQL database beside `adminUrl`'s (named `{prefix}_…`), empty or a copy of `template`: its URL, and how
 * to drop it.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
