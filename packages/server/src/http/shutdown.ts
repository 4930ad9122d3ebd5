import type { FastifyInstance } from "fastify";

export interface ShutdownOptions {
  /** After this long the process exits with 1 even if requests or jobs are still running. */
  timeoutMs: number;
  signals?: NodeJS.Signals[];
  exit?: (code: number) => void;
}

/**
 * Graceful shutdown on SIGTERM (and SIGINT): readiness turns 503, the listening socket closes (a proxy's next attempt
 * goes to another instance), requests in flight run to their end, idle keep-alive connections are closed, then the
 * onClose hooks run (last registered first: main.ts's job runner stop, which waits for the job in hand, before
 * buildApp's database and Redis) and the process exits 0. A second signal, or the timeout, ends it at once.
 */
export function installGracefulShutdown(app: FastifyInstance, options: ShutdownOptions): (signal: string) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  // A keep-alive connection whose request was in flight at SIGTERM would otherwise stay open (idle) until its
  // keep-alive timeout and hold the shutdown: answers given while draining close their connection.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (app.readiness.draining) reply.header("connection", "close");
    return payload;
  });
  let closing: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    closing ??= (async () => {
      app.log.info({ signal }, "shutting down: finishing requests in flight");
      app.readiness.draining = true;
      const timer = setTimeout(() => {
        app.log.error({ timeoutMs: options.timeoutMs }, "shutdown timed out; exiting with work unfinished");
        exit(1);
      }, options.timeoutMs);
      try {
        await app.close();
        clearTimeout(timer);
        app.log.info("shut down cleanly");
        exit(0);
      } catch (error) {
        clearTimeout(timer);
        app.log.error({ err: error }, "shutdown failed");
        exit(1);
      }
    })();
    return closing;
  };
  for (const signal of options.signals ?? (["SIGINT", "SIGTERM"] as NodeJS.Signals[])) {
    process.on(signal, () => {
      if (closing) {
        app.log.warn({ signal }, "second signal: exiting now");
        exit(1);
      } else void shutdown(signal);
    });
  }
  return shutdown;
}
