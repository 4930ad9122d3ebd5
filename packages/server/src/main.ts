import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { startJobRunner } from "./jobs/runner";
import { seedDemo } from "./seed/demo";

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // A refused configuration is the operator's to fix: say what is wrong, without a stack trace.
    console.error((error as Error).message);
    process.exit(1);
  }
})();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const web = process.argv.includes("--vite") ? "vite" : "build";
const app = await buildApp({ config, database, web });
if (config.isProduction && config.demoMode)
  app.log.warn("Demo mode: /dev/outbox shows every PIN and e-mail sent; set DEMO_MODE=false for a real deployment");

if (config.SEED_DEMO) {
  const demo = await seedDemo(app.ctx);
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

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, "shutting down");
    void app.close().then(() => process.exit(0));
  });
}

const stopJobs = startJobRunner(app.ctx);
app.addHook("onClose", async () => stopJobs());
await app.listen({ host: config.HOST, port: config.PORT });
const port = (app.server.address() as { port: number }).port;
console.log(`Tianguis is running at http://localhost:${port}  (shops also at http://{slug}.localhost:${port})`);
