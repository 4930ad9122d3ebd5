import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Config } from "../../config";

/**
 * A shop's Facturapi secret key at rest (issue #30 §1), sealed as the payment keys are: AES-256-GCM with a fresh IV,
 * the shop as associated data (a sealed key copied onto another shop's row does not open), the key derived with
 * HKDF-SHA256 from PAYMENT_KEYS_SECRET (or, for the demo, APP_SECRET) under this module's own label.
 */
const VERSION = "v1";

export function invoicingKeysKey(config: Pick<Config, "PAYMENT_KEYS_SECRET" | "APP_SECRET">): Buffer {
  const source = config.PAYMENT_KEYS_SECRET ?? config.APP_SECRET;
  return Buffer.from(hkdfSync("sha256", source, "tianguis", "tianguis invoicing keys v1", 32));
}

export function sealPacKey(key: Buffer, shopId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`invoicing:${shopId}`));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/** The key, or null when the value was tampered with, moved to another shop or sealed under another secret. */
export function openPacKey(key: Buffer, shopId: string, value: string): string | null {
  const [version, iv, tag, sealed] = value.split(".");
  if (version !== VERSION || !iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(`invoicing:${shopId}`));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
