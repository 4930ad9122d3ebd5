import path from "node:path";
import { z } from "zod";

const flag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

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
  /** Secret for signing payment sandbox webhooks and other HMACs. */
  APP_SECRET: z.string().min(16).default("tianguis-development-secret-change-me"),
});

/** uploadDir is served publicly at /media/; privateDir (digital items' files) never is. */
export type Config = z.infer<typeof configSchema> & { uploadDir: string; privateDir: string; isProduction: boolean };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  return {
    ...config,
    uploadDir: path.resolve(config.DATA_DIR, "uploads"),
    privateDir: path.resolve(config.DATA_DIR, "private"),
    isProduction: config.NODE_ENV === "production",
  };
}
