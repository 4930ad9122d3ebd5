import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Which APP_SECRET the server signs with (session-bound CSRF tokens, PIN hashes, download links, payment webhooks).
 * Production refuses a missing, short or well-known secret; the demo (`npm start`: production, demo seed, PGlite in
 * DATA_DIR) generates one once and keeps it beside its data, so the demo keeps working without any setup.
 */
export const DEVELOPMENT_SECRET = "tianguis-development-secret-change-me";
export const STRONG_SECRET_LENGTH = 32;
export const SECRET_FILE = "secret";

export interface SecretSettings {
  isProduction: boolean;
  appSecret?: string;
  seedDemo: boolean;
  databaseUrl?: string;
  dataDir: string;
}

export type SecretDecision = { use: string } | { keepIn: string } | { refuse: string };

const howToSet = `set APP_SECRET to a random value of at least ${STRONG_SECRET_LENGTH} characters (e.g. \`openssl rand -base64 48\`)`;

/** The decision alone, without touching the disk. */
export function decideAppSecret(settings: SecretSettings): SecretDecision {
  const { appSecret, isProduction } = settings;
  if (appSecret !== undefined) {
    if (!isProduction) return { use: appSecret };
    if (appSecret === DEVELOPMENT_SECRET) return { refuse: `APP_SECRET is the public development default; ${howToSet}` };
    if (appSecret.length < STRONG_SECRET_LENGTH) return { refuse: `APP_SECRET is too short for production; ${howToSet}` };
    return { use: appSecret };
  }
  if (!isProduction) return { use: DEVELOPMENT_SECRET };
  const isEmbeddedDemo = settings.seedDemo && !settings.databaseUrl;
  if (isEmbeddedDemo) return { keepIn: path.resolve(settings.dataDir, SECRET_FILE) };
  return { refuse: `APP_SECRET is required in production; ${howToSet}` };
}

/** The secret stored at `file` (mode 0600), created on the first start. */
export function readOrCreateSecretFile(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < STRONG_SECRET_LENGTH) throw new Error(`${file} holds no usable secret; delete it or ${howToSet}`);
  return secret;
}

export function resolveAppSecret(settings: SecretSettings): string {
  const decision = decideAppSecret(settings);
  if ("refuse" in decision) throw new Error(`Refusing to start: ${decision.refuse}`);
  return "use" in decision ? decision.use : readOrCreateSecretFile(decision.keepIn);
}
