import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { resolveAppSecret } from "./app-secret";

const flag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const proxyPresets = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  const [address, bits, ...rest] = entry.split("/");
  return rest.length === 0 && (proxyPresets.has(address) || (isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits))));
};

/** What Fastify's trustProxy accepts: true/false, a hop count, or comma-separated addresses, CIDRs and proxy-addr presets. */
const trustProxy = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z.union([
      z.enum(["true", "false"]).transform((value) => value === "true"),
      z.string().regex(/^\d+$/).transform(Number),
      z
        .string()
        .transform((value) => value.split(",").map((entry) => entry.trim()))
        .refine((entries) => entries.every(isProxyAddress), "expected true, false, a hop count or comma-separated addresses/CIDRs"),
    ]),
  );

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Base host name under which shops get sub-domains: {slug}.{BASE_DOMAIN}. */
  BASE_DOMAIN: z.string().default("localhost"),
  /** PGlite data directory and local uploads; ignored for the database when DATABASE_URL is set. */
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: flag.default(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Tianguis <no-reply@tianguis.local>"),
  /** Sign-up answers can_skip_pin: true, so accounts activate without entering the PIN (demo installs). */
  PIN_SKIPPABLE: flag.default(false),
  /** Which proxies' X-Forwarded-For/-Proto/-Host to believe; off by default, so a client cannot pick its own address. */
  TRUST_PROXY: trustProxy.default(false),
  /** Secret for CSRF tokens, payment sandbox webhooks and other HMACs; see app-secret.ts for production. */
  APP_SECRET: z.string().min(16).optional(),
  /** Opens /dev/outbox (not the clock) even in production; default: on for the embedded demo (seed, no DATABASE_URL). */
  DEMO_MODE: flag.optional(),
  /** How long an anonymous visitor's storefront page is kept (web-cache.ts); at most a second, so writes show on every instance. */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
});

/** uploadDir is served publicly at /media/; privateDir (digital items' files) never is. */
export type Config = Omit<z.infer<typeof configSchema>, "APP_SECRET"> & {
  APP_SECRET: string;
  uploadDir: string;
  privateDir: string;
  isProduction: boolean;
  demoMode: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  return {
    ...config,
    APP_SECRET: resolveAppSecret({
      isProduction: config.NODE_ENV === "production",
      appSecret: config.APP_SECRET,
      seedDemo: config.SEED_DEMO,
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
    }),
    uploadDir: path.resolve(config.DATA_DIR, "uploads"),
    privateDir: path.resolve(config.DATA_DIR, "private"),
    isProduction: config.NODE_ENV === "production",
    demoMode: config.DEMO_MODE ?? (config.SEED_DEMO && !config.DATABASE_URL),
  };
}
