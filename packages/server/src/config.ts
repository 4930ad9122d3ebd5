import { isIP } from "node:net";
import path from "node:path";
import { DEFAULT_AUDIT_RETENTION_DAYS } from "@tianguis/domain/rules/audit";
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
  /** PGlite data directory (and the default STORAGE_DIR); not used for the database when DATABASE_URL is set. */
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  /** Shares rate limits, the login back-off and the development clock between instances; required for more than one. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().default("tianguis-"),
  /** Disk storage: `uploads/` (public, served at /media/) and `private/` (digital items) under it; default DATA_DIR. */
  STORAGE_DIR: z.string().optional(),
  /** S3-compatible storage instead of disk, when S3_BUCKET is set: public files under media/, private under private/. */
  S3_BUCKET: z.string().min(1).optional(),
  /** Default https://s3.{S3_REGION}.amazonaws.com; MinIO, R2, Spaces and others give theirs. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs ({endpoint}/{bucket}/{key}); false for virtual-hosted ({bucket}.{endpoint host}/{key}). */
  S3_FORCE_PATH_STYLE: flag.default(true),
  /**
   * Where browsers fetch public files (a CDN or the bucket's public address, ending before the key and covering the
   * bucket's media/ prefix). Unset: the server streams them from the bucket at /media/, and the bucket stays private.
   */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** How often this instance looks for due jobs; 0 runs none here (another instance or a worker does). */
  JOB_POLL_MS: z.coerce.number().int().min(0).default(5000),
  /** How long a product import waits for one photo address to answer in full before it rejects the row. */
  IMPORT_PHOTO_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /**
   * Lets product imports fetch photos from loopback and private-network addresses. Off: an address that resolves to one
   * is refused, so a seller's spreadsheet cannot make the server read its own network.
   */
  IMPORT_PHOTO_PRIVATE_HOSTS: flag.default(false),
  /** After SIGTERM: how long in-flight requests and jobs may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25_000),
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
  /**
   * Encrypts the payment provider keys shops connect (AES-256-GCM), at least 32 characters. Unset: derived from APP_SECRET
   * with a warning at start (fine for the demo; in production set it, keep it apart from the database and never change it).
   */
  PAYMENT_KEYS_SECRET: z.string().min(32).optional(),
  /** This site's public origin (https://mitianguis.mx): providers' webhooks and 3-D Secure returns point here. */
  PUBLIC_URL: z.string().url().optional(),
  /** Payment providers' API hosts, to point adapters at a local fake (tests, browser specs) or a provider's sandbox host. */
  STRIPE_API_URL: z.string().url().optional(),
  CONEKTA_API_URL: z.string().url().optional(),
  OPENPAY_API_URL: z.string().url().optional(),
  PAYPAL_API_URL: z.string().url().optional(),
  MOBBEX_API_URL: z.string().url().optional(),
  APLAZO_API_URL: z.string().url().optional(),
  /** Facturapi's API host (https://www.facturapi.io/v2 unless set), to point the invoicing adapter at a local fake. */
  FACTURAPI_API_URL: z.string().url().optional(),
  /**
   * Where invoices in another currency take their exchange rate (TipoCambio, docs/INVOICING.md): the built-in sandbox's
   * fixed table, or Banco de México's SIE API (the FIX) with BANXICO_TOKEN; BANXICO_API_URL points it at a local fake.
   */
  EXCHANGE_RATES: z.enum(["sandbox", "banxico"]).default("sandbox"),
  BANXICO_TOKEN: z.string().min(16).optional(),
  BANXICO_API_URL: z.string().url().optional(),
  /** Opens /dev/outbox (not the clock) even in production; default: on for the embedded demo (seed, no DATABASE_URL). */
  DEMO_MODE: flag.optional(),
  /** How long an anonymous visitor's storefront page is kept (web-cache.ts); at most a second, so writes show on every instance. */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  /**
   * How long past PAGE_CACHE_MS such a page is still served while it is rendered again in the background; only where
   * every write reaches the cache (one instance on the embedded database, or Redis), else 0.
   */
  PAGE_STALE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** Days the audit log keeps an entry (modules/audit); a daily job deletes older ones. At least 30. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).default(DEFAULT_AUDIT_RETENTION_DAYS),
  /** The bearer token Prometheus sends for GET /metrics (http/metrics.ts); without it there is no /metrics. */
  METRICS_TOKEN: z.string().min(24).optional(),
  /**
   * Who sends the earnings wallets' payouts (docs/PAYMENTS.md "The earnings wallet"): the built-in sandbox, or the
   * platform's Openpay account (its merchant id, private key and the webhook's `user:password`; host OPENPAY_API_URL).
   */
  WALLET_PAYOUT_PROVIDER: z.enum(["sandbox", "openpay"]).default("sandbox"),
  WALLET_OPENPAY_MERCHANT_ID: z.string().min(1).optional(),
  WALLET_OPENPAY_SECRET_KEY: z.string().min(1).optional(),
  WALLET_OPENPAY_WEBHOOK_AUTH: z.string().includes(":").optional(),
  /**
   * Apple Wallet passes of tickets (docs/FEATURES.md "Tickets in the phone's wallet"): the Pass Type ID and team of the
   * Apple developer account, the pass certificate and its key (PEM text, `\n` escapes allowed) and Apple's WWDR
   * intermediate certificate. Unset outside production: passes are signed with a sandbox certificate made at start.
   */
  APPLE_WALLET_PASS_TYPE_ID: z.string().min(1).default("pass.mx.tianguis.sandbox"),
  APPLE_WALLET_TEAM_ID: z.string().min(1).default("TIANGUIS00"),
  APPLE_WALLET_SIGNER_CERT: z.string().min(1).optional(),
  APPLE_WALLET_SIGNER_KEY: z.string().min(1).optional(),
  APPLE_WALLET_SIGNER_KEY_PASSPHRASE: z.string().min(1).optional(),
  APPLE_WALLET_WWDR_CERT: z.string().min(1).optional(),
  /**
   * Google Wallet 'save to wallet' links: the issuer id and the service account (e-mail and its PKCS#8 private key in
   * PEM) that signs the links. Unset outside production: links are signed with a key made at start (sandbox).
   */
  GOOGLE_WALLET_ISSUER_ID: z.string().regex(/^\d+$/).default("3388000000000000000"),
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: z.string().email().optional(),
  GOOGLE_WALLET_PRIVATE_KEY: z.string().min(1).optional(),
});

export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  publicUrl?: string;
}

/** uploadDir is served publicly at /media/; privateDir (digital items' files) never is. Both unused with s3. */
export type Config = Omit<z.infer<typeof configSchema>, "APP_SECRET"> & {
  APP_SECRET: string;
  uploadDir: string;
  privateDir: string;
  /** Set when uploads go to an S3-compatible bucket instead of the disk. */
  s3?: S3Config;
  isProduction: boolean;
  demoMode: boolean;
  /**
   * Whether the sandbox gateway may charge (shops in test mode): everywhere but production, and in the demo. A production
   * shop without a live provider cannot take payments, and /sandbox-pay/* answers 404 (issue #32, docs/PAYMENTS.md).
   */
  sandboxAllowed: boolean;
  /** PUBLIC_URL, or http://localhost:{PORT}. */
  publicUrl: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  const storageDir = config.STORAGE_DIR ?? config.DATA_DIR;
  return {
    ...config,
    APP_SECRET: resolveAppSecret({
      isProduction: config.NODE_ENV === "production",
      appSecret: config.APP_SECRET,
      seedDemo: config.SEED_DEMO,
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
    }),
    uploadDir: path.resolve(storageDir, "uploads"),
    privateDir: path.resolve(storageDir, "private"),
    s3: s3Config(config),
    ...walletConfig(config),
    isProduction: config.NODE_ENV === "production",
    demoMode: config.DEMO_MODE ?? (config.SEED_DEMO && !config.DATABASE_URL),
    sandboxAllowed: config.NODE_ENV !== "production" || (config.DEMO_MODE ?? (config.SEED_DEMO && !config.DATABASE_URL)),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ""),
  };
}

/** Whole sets or nothing: a pass signed with half the settings would fail on the phone, not here. */
function walletConfig(config: z.infer<typeof configSchema>) {
  const apple = ["APPLE_WALLET_SIGNER_CERT", "APPLE_WALLET_SIGNER_KEY", "APPLE_WALLET_WWDR_CERT"] as const;
  const google = ["GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL", "GOOGLE_WALLET_PRIVATE_KEY"] as const;
  for (const group of [apple, google]) {
    const set = group.filter((name) => config[name]);
    if (set.length > 0 && set.length < group.length)
      throw new Error(`Invalid configuration: ${group.filter((name) => !config[name]).join(", ")} missing beside ${set.join(", ")}`);
  }
  const pem = (text: string | undefined) => text?.replace(/\\n/g, "\n");
  return {
    APPLE_WALLET_SIGNER_CERT: pem(config.APPLE_WALLET_SIGNER_CERT),
    APPLE_WALLET_SIGNER_KEY: pem(config.APPLE_WALLET_SIGNER_KEY),
    APPLE_WALLET_WWDR_CERT: pem(config.APPLE_WALLET_WWDR_CERT),
    GOOGLE_WALLET_PRIVATE_KEY: pem(config.GOOGLE_WALLET_PRIVATE_KEY),
  };
}

function s3Config(config: z.infer<typeof configSchema>): S3Config | undefined {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  if (!bucket) {
    const stray = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const).filter((name) => config[name]);
    if (stray.length > 0) throw new Error(`Invalid configuration: ${stray.join(", ")} set without S3_BUCKET`);
    return undefined;
  }
  if (!accessKeyId || !secretAccessKey) throw new Error("Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  return {
    bucket,
    accessKeyId,
    secretAccessKey,
    region: config.S3_REGION,
    endpoint: (config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`).replace(/\/+$/, ""),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_PUBLIC_URL ? { publicUrl: config.S3_PUBLIC_URL.replace(/\/*$/, "/") } : {}),
  };
}
