import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A download link's token: `{order item id}.{expiry, unix seconds in base 36}.{HMAC-SHA256}` signed with the app
 * secret. Nothing is stored per link: the signature proves the server issued it for that item and that expiry.
 */
export interface DownloadClaim {
  orderItemId: string;
  expiresAt: Date;
}

const signature = (secret: string, payload: string) => createHmac("sha256", secret).update(`download:v1:${payload}`).digest("base64url");

export function signDownload(secret: string, claim: DownloadClaim): string {
  const payload = `${claim.orderItemId}.${Math.floor(claim.expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The claim of a token this server signed, or null for anything else (tampered, truncated, made up). */
export function verifyDownload(secret: string, token: string): DownloadClaim | null {
  const match = token.match(/^([0-9a-f-]{36})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/);
  if (!match) return null;
  const [, orderItemId, expiry, given] = match;
  const expected = Buffer.from(signature(secret, `${orderItemId}.${expiry}`));
  if (!timingSafeEqual(expected, Buffer.from(given))) return null;
  return { orderItemId, expiresAt: new Date(Number.parseInt(expiry, 36) * 1000) };
}
