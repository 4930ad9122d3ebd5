import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { type ZodTypeProvider, jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import { z } from "zod";
import { createNotifier } from "./adapters/notify/create-notifier";
import { sandboxGateway } from "./adapters/payments/sandbox";
import { courierRates } from "./adapters/shipping/courier";
import { serveMedia } from "./adapters/storage/media";
import { createStorages } from "./adapters/storage/storage";
import { type Clock, createClock } from "./clock";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { registerCompression } from "./compression";
import { installAuth } from "./http/auth";
import { installRequestContext } from "./http/request-context";
import { errorHandler, sendError } from "./http/errors";
import { installHealth } from "./http/health";
import { createLoginThrottle } from "./http/login-throttle";
import { installMetrics } from "./http/metrics";
import { rateLimitsHit } from "./metrics";
import { forgetSessions } from "./http/sessions";
import { sharedDevClock } from "./http/shared-clock";
import { requestLocale } from "./http/locale";
import { installRequestTargetCheck } from "./http/request-target";
import { installSecurityHeaders } from "./http/security-headers";
import { accountsRoutes } from "./modules/accounts/routes";
import { addressesRoutes } from "./modules/addresses/routes";
import { cartRoutes } from "./modules/cart/routes";
import { catalogRoutes } from "./modules/catalog/routes";
import { forgetCatalogAnswers } from "./modules/catalog/service";
import { checkoutRoutes } from "./modules/checkout/routes";
import { ordersRoutes } from "./modules/orders/routes";
import { ticketsRoutes } from "./modules/tickets/routes";
import { returnsRoutes } from "./modules/returns/routes";
import { shopPagesRoutes } from "./modules/shop-pages/routes";
import { supportRoutes } from "./modules/support/routes";
import { platformAdminRoutes } from "./modules/platform-admin/routes";
import { opsRoutes } from "./modules/ops/routes";
import { franchisesRoutes } from "./modules/franchises/routes";
import { packingRoutes } from "./modules/packing/routes";
import { blogRoutes } from "./modules/blog/routes";
import { collaboratorsRoutes } from "./modules/collaborators/routes";
import { packagesRoutes } from "./modules/packages/routes";
import { packagePayable } from "./modules/packages/service";
import { registerReturnNoticeJobs } from "./modules/returns/service";
import { registerAllSubscribers } from "./subscribers";
import { commissionsRoutes } from "./modules/commissions/routes";
import { registerCommissionJobs } from "./modules/commissions/service";
import { registerCheckoutJobs } from "./modules/checkout/service";
import { registerNotificationJobs } from "./modules/notifications/jobs";
import { paymentsRoutes, sandboxPayRoutes } from "./modules/payments/routes";
import { paymentAccountsRoutes } from "./modules/payment-accounts/routes";
import { registerPaymentJobs } from "./modules/payments/service";
import { directoryRoutes } from "./modules/directory/routes";
import { downloadsRoutes } from "./modules/downloads/routes";
import { cataloguesRoutes } from "./modules/catalogues/routes";
import { resellerRoutes } from "./modules/reseller/routes";
import { registerResellerJobs } from "./modules/reseller/service";
import { registerShopJobs } from "./modules/shops/image-variants";
import { registerSubscriptionJobs, subscriptionChargePayable } from "./modules/subscriptions/service";
import { subscriptionsRoutes } from "./modules/subscriptions/routes";
import { registerPayable } from "./modules/payments/payables";
import { referralRoutes } from "./modules/referral/routes";
import { reviewsRoutes } from "./modules/reviews/routes";
import { importsRoutes } from "./modules/imports/routes";
import { registerImportJobs } from "./modules/imports/job";
import { registerContactJobs } from "./modules/contacts/backfill";
import { alertsRoutes } from "./modules/alerts/routes";
import { galleryRoutes } from "./modules/gallery/routes";
import { merchandisingRoutes } from "./modules/merchandising/routes";
import { devRoutes } from "./modules/dev/routes";
import { shopsRoutes } from "./modules/shops/routes";
import { walletRoutes } from "./modules/wallet/routes";
import { smsRoutes } from "./modules/sms/routes";
import { smsPayable } from "./modules/sms/service";
import { registerWalletJobs } from "./modules/wallet/service";
import { contactsRoutes } from "./modules/contacts/routes";
import { invoicesRoutes } from "./modules/invoices/routes";
import { registerInvoiceJobs } from "./modules/invoices/service";
import { installPageCache } from "./web-cache";
import { reportsRoutes } from "./modules/reports/routes";
import { registerReportJobs } from "./modules/reports/service";
import { auditRoutes } from "./modules/audit/routes";
import { registerAuditJobs } from "./modules/audit/service";
import { requireShopOwner } from "./modules/shops/service";

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Serve the React app too (false in API integration tests). */
  web?: false | "build" | "vite";
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const trustProxy = config.TRUST_PROXY;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : {
            level: config.LOG_LEVEL,
            // Readable logs on a developer's terminal; JSON lines (for log shippers) everywhere else.
            ...(process.stdout.isTTY && !config.isProduction
              ? { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } } }
              : {}),
          },
    // A hop count is Fastify's too, but its types only take a function for it.
    trustProxy: typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify gives each plugin 10 s to load; a busy 2-core box (a test run beside other work) needs more to read the
    // Swagger UI's files. A plugin that truly hangs still fails the start, after two minutes.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installSecurityHeaders(app);
  installRequestTargetCheck(app);

  // One Redis for every instance: rate limits, the login back-off and (outside production) the development clock.
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  if (redis) {
    // ioredis reconnects by itself; say once that Redis is gone (readiness turns 503) and once that it is back.
    let redisDown = false;
    redis.on("error", (error) => {
      if (!redisDown) app.log.error({ err: error }, "Redis is not answering");
      redisDown = true;
    });
    redis.on("ready", () => {
      if (redisDown) app.log.info("Redis answers again");
      redisDown = false;
    });
    app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  const clock =
    options.clock ?? (redis && !config.isProduction ? sharedDevClock(app, redis, `${config.REDIS_KEY_PREFIX}dev-clock`) : createClock());
  const storages = createStorages(config);
  app.addHook("onClose", async () => storages.close());
  const ctx: AppContext = {
    config,
    db: database.db,
    clock,
    log: app.log,
    storage: storages.storage,
    privateStorage: storages.privateStorage,
    notifier: createNotifier(config, database.db, clock),
    payments: sandboxGateway(config.APP_SECRET, () => clock.now()),
    shipping: courierRates(),
  };
  app.decorate("ctx", ctx);

  await app.register(fastifyCookie);
  // Before the auth hook: the audit log reads the request (its user and address) from inside the use cases.
  await installRequestContext(app);
  // Brotli or gzip for every text response of 1 KB or more (compression.ts); before any route, so each gets it.
  await registerCompression(app);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10 } });
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: `${config.REDIS_KEY_PREFIX}rl-`,
    onExceeded: (request) => rateLimitsHit.inc({ route: request.routeOptions.url ?? "unmatched" }),
  });
  app.decorate("loginThrottle", createLoginThrottle(redis, clock, config.REDIS_KEY_PREFIX));
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Tianguis API",
        version: "1.0.0",
        description: "Multi-vendor store platform API. Errors answer { code, message, fields? }.",
      },
    },
    transform: jsonSchemaTransform,
  });
  // The UI's own pages carry a CSP of their own scripts' and styles' hashes (docs/DEPLOY.md, "Security headers"); without
  // upgrade-insecure-requests, which would send a plain-http instance's UI to https for its own files.
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ""),
  });

  await serveMedia(app, config, storages);
  installHealth(app, { database, redis });
  installMetrics(app, ctx, database, config.METRICS_TOKEN);
  installAuth(app, ctx);
  installPageCache(
    app,
    // Without Redis, instances on one PostgreSQL do not hear each other's writes: their pages only expire.
    { ttlMs: config.PAGE_CACHE_MS, staleMs: redis || !config.DATABASE_URL ? config.PAGE_STALE_MS : 0 },
    redis && { redis, channel: `${config.REDIS_KEY_PREFIX}page-cache-clear` },
    ({ catalogue, items }) => {
      if (catalogue) forgetCatalogAnswers({ items });
      forgetSessions();
    },
  );
  app.setErrorHandler(errorHandler);

  registerCheckoutJobs();
  registerPaymentJobs();
  registerNotificationJobs();
  registerCommissionJobs();
  registerWalletJobs();
  registerReturnNoticeJobs();
  registerAllSubscribers();
  registerResellerJobs();
  registerShopJobs();
  registerPayable("package", packagePayable);
  registerPayable("sms", smsPayable);
  registerSubscriptionJobs();
  registerImportJobs();
  registerContactJobs();
  registerPayable("subscription_charge", subscriptionChargePayable);
  registerInvoiceJobs();
  registerReportJobs();
  registerAuditJobs();
  await app.register(
    async (api) => {
      api.get(
        "/health",
        {
          schema: { tags: ["system"], response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }) } },
        },
        async () => ({ status: "ok" as const, database: database.kind }),
      );
      await api.register(accountsRoutes(ctx));
      await api.register(shopsRoutes(ctx));
      await api.register(catalogRoutes(ctx));
      await api.register(cartRoutes(ctx));
      await api.register(addressesRoutes(ctx));
      await api.register(checkoutRoutes(ctx));
      await api.register(ordersRoutes(ctx));
      await api.register(commissionsRoutes(ctx));
      await api.register(paymentsRoutes(ctx));
      await api.register(paymentAccountsRoutes(ctx));
      await api.register(directoryRoutes(ctx));
      await api.register(cataloguesRoutes(ctx));
      await api.register(resellerRoutes(ctx));
      await api.register(referralRoutes(ctx));
      await api.register(merchandisingRoutes(ctx));
      await api.register(galleryRoutes(ctx));
      await api.register(downloadsRoutes(ctx));
      await api.register(reviewsRoutes(ctx));
      await api.register(ticketsRoutes(ctx));
      await api.register(returnsRoutes(ctx));
      await api.register(alertsRoutes(ctx, { database, redis }));
      await api.register(shopPagesRoutes(ctx));
      await api.register(supportRoutes(ctx));
      await api.register(platformAdminRoutes(ctx));
      await api.register(opsRoutes(ctx));
      await api.register(franchisesRoutes(ctx));
      await api.register(packingRoutes(ctx));
      await api.register(blogRoutes(ctx));
      await api.register(subscriptionsRoutes(ctx));
      await api.register(collaboratorsRoutes(ctx));
      await api.register(contactsRoutes(ctx));
      await api.register(packagesRoutes(ctx));
      await api.register(walletRoutes(ctx));
      await api.register(smsRoutes(ctx));
      await api.register(invoicesRoutes(ctx));
      await api.register(importsRoutes(ctx));
      await api.register(reportsRoutes(ctx));
      await api.register(auditRoutes(ctx, requireShopOwner));
      if (!config.isProduction) await api.register(devRoutes(ctx));
    },
    { prefix: "/api/v1" },
  );

  await app.register(sandboxPayRoutes(ctx));

  if (options.web) {
    const { registerWeb } = await import("./web");
    await registerWeb(app, options.web);
  } else {
    app.setNotFoundHandler((request, reply) => sendError(reply, requestLocale(request), 404, "not_found"));
  }
  app.addHook("onClose", async () => database.close());
  return app;
}
