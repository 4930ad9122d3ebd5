import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Config } from "../../config";

/**
 * Provider secrets at rest (issue #18): AES-256-GCM with a fresh 96-bit IV per write, the shop and provider as
 * associated data (a sealed value copied onto another shop's row does not open), and a key derived with HKDF-SHA256
 * from PAYMENT_KEYS_SECRET — or, for the demo, from APP_SECRET under another label, with a warning at start.
 */
export interface AccountSecrets {
  secretKey: string;
  webhookSecret: string;
}

const VERSION = "v1";

export function paymentKeysKey(config: Pick<Config, "PAYMENT_KEYS_SECRET" | "APP_SECRET">): { key: Buffer; derivedFromAppSecret: boolean } {
  const source = config.PAYMENT_KEYS_SECRET ?? config.APP_SECRET;
  const label = config.PAYMENT_KEYS_SECRET ? "tianguis payment keys v1" : "tianguis payment keys from app secret v1";
  return { key: Buffer.from(hkdfSync("sha256", source, "tianguis", label, 32)), derivedFromAppSecret: !config.PAYMENT_KEYS_SECRET };
}

export function sealSecrets(key: Buffer, binding: string, secrets: AccountSecrets): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(binding));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/** The secrets, or null when the value was tampered with, moved to another row, or sealed under another key. */
export function openSecrets(key: Buffer, binding: string, value: string): AccountSecrets | null {
  const [version, iv, tag, sealed] = value.split(".");
  if (version !== VERSION || !iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(binding));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
    return JSON.parse(plain) as AccountSecrets;
  } catch {
    return null;
  }
}
