import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { installGracefulShutdown } from "./http/shutdown";
import { startJobRunner } from "./jobs/runner";
import { queueAuditPurge } from "./modules/audit/service";
import { queueShopImageBackfill } from "./modules/shops/image-variants";
import { seedDemo } from "./seed/demo";
import { withStartupLock } from "./startup-lock";
import { startTracing, tracingRequested } from "./tracing";

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // A refused configuration is the operator's to fix: say what is wrong, without a stack trace.
    console.error((error as Error).message);
    process.exit(1);
  }
})();
// OpenTelemetry traces when OTEL_* ask for them (docs/DEPLOY.md "Traces"), started before the app is built.
const stopTracing = tracingRequested(process.env) ? startTracing() : undefined;
// --vite: the web app from source with hot reload (npm run dev); --api-only: no web pages (API-only instances, tests).
const web = process.argv.includes("--vite") ? "vite" : process.argv.includes("--api-only") ? false : "build";

// Instances started together on one PostgreSQL take turns to migrate and seed.
const { app, demo } = await withStartupLock(config.DATABASE_URL, async () => {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp({ config, database, web });
  return { app, demo: config.SEED_DEMO ? await seedDemo(app.ctx) : undefined };
});
if (config.isProduction && config.demoMode)
  app.log.warn("Demo mode: /dev/outbox shows every PIN and e-mail sent; set DEMO_MODE=false for a real deployment");
if (config.DATABASE_URL && !config.REDIS_URL)
  app.log.warn("No REDIS_URL: rate limits and the login back-off are this instance's own; run one instance, or set REDIS_URL");
if (config.DATABASE_URL && !config.s3 && !config.STORAGE_DIR)
  app.log.info({ dir: config.uploadDir }, "Uploads stay in this instance's DATA_DIR; several instances need STORAGE_DIR or S3_BUCKET");

if (demo) {
  app.log.info(demo.created ? "Demo marketplace seeded" : "Demo marketplace already present");
  console.log(
    [
      "",
      "Tianguis demo accounts (password for all: demo12345):",
      ...demo.accounts.map((account) => `  ${account.role.padEnd(22)} ${account.username}`),
      "",
    ].join("\n"),
  );
}

// Shops saved before their header and logo variants existed get them in the background, a few at a time (issue 16).
await queueShopImageBackfill(app.ctx);
// The audit log's retention (AUDIT_RETENTION_DAYS): a daily purge, queued once however many instances start.
await queueAuditPurge(app.ctx);

// onClose hooks run last-registered first: the job runner stops (finishing the job in hand) before the database closes.
// Spans still buffered are flushed after the job in hand has finished.
if (stopTracing) app.addHook("onClose", stopTracing);
const stopJobs = startJobRunner(app.ctx, config.JOB_POLL_MS);
app.addHook("onClose", stopJobs);
installGracefulShutdown(app, { timeoutMs: config.SHUTDOWN_TIMEOUT_MS });

await app.listen({ host: config.HOST, port: config.PORT });
const port = (app.server.address() as { port: number }).port;
// With PORT=0 (the browser specs) the port is known only now: links the site gives out (payment returns, webhooks) use it.
if (!config.PUBLIC_URL) config.publicUrl = `http://localhost:${port}`;
console.log(`Tianguis is running at http://localhost:${port}  (shops also at http://{slug}.localhost:${port})`);
