import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, type LookupFunction, isIP } from "node:net";
import { productPhotoMaxBytes, productPhotoTypes } from "@tianguis/domain/rules/product-form";
import type { ImportRowCode } from "@tianguis/domain/rules/product-import";

/**
 * Fetching the photos a product import's rows name (issue 29 §1): one address → its bytes, or the coded reason the row is
 * rejected. An answer must come in full within the timeout, be one of the photo types the product form takes and weigh
 * no more than it does; up to three redirects are followed. Unless IMPORT_PHOTO_PRIVATE_HOSTS says otherwise, an address
 * that is or resolves to a loopback, private, link-local or reserved network is refused (checked on the address the
 * socket connects to, so a name that re-resolves elsewhere gains nothing).
 */

export type PhotoFailure = Extract<
  ImportRowCode,
  "import_photo_unreachable" | "import_photo_too_large" | "import_photo_type" | "import_photo_blocked"
>;
export type FetchedPhoto = { ok: true; data: Buffer } | { ok: false; code: PhotoFailure };

export interface PhotoFetchOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

const MAX_REDIRECTS = 3;

const privateNetworks = new BlockList();
for (const [network, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  privateNetworks.addSubnet(network, bits, "ipv4");
for (const [network, bits] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  privateNetworks.addSubnet(network, bits, "ipv6");

/** Whether an IP address belongs to a network a public photo never lives on (IPv4-mapped IPv6 checked as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateNetworks.check(mapped[1], "ipv4");
  return privateNetworks.check(address, version === 4 ? "ipv4" : "ipv6");
}

class Refused extends Error {
  constructor(readonly code: PhotoFailure) {
    super(code);
  }
}

/** dns.lookup, refusing a name any of whose addresses is private. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address)))
      return callback(new Refused("import_photo_blocked"), "", 0);
    if (options.all) return (callback as unknown as (error: null, all: dns.LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};

function mimeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/** One request: the body, a redirect's target, or a refusal. */
function request(url: URL, options: PhotoFetchOptions, deadline: AbortSignal): Promise<{ redirect: string } | { data: Buffer }> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) return reject(new Refused("import_photo_blocked"));
    const client = url.protocol === "https:" ? https : http;
    const req = client.get(
      url,
      { signal: deadline, headers: { accept: productPhotoTypes.join(", ") }, ...(options.allowPrivate ? {} : { lookup: publicLookup }) },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ redirect: new URL(res.headers.location, url).toString() });
        }
        if (status !== 200) {
          res.resume();
          return reject(new Refused("import_photo_unreachable"));
        }
        if (!(productPhotoTypes as readonly string[]).includes(mimeOf(res.headers["content-type"]))) {
          res.destroy();
          return reject(new Refused("import_photo_type"));
        }
        if (Number(res.headers["content-length"] ?? 0) > productPhotoMaxBytes) {
          res.destroy();
          return reject(new Refused("import_photo_too_large"));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > productPhotoMaxBytes) {
            res.destroy();
            reject(new Refused("import_photo_too_large"));
          } else chunks.push(chunk);
        });
        res.on("end", () => resolve({ data: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

/** The photo at `address`, or why the row that names it is rejected. Never throws. */
export async function fetchPhoto(address: string, options: PhotoFetchOptions): Promise<FetchedPhoto> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(address);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, code: "import_photo_unreachable" };
      const answer = await request(url, options, deadline);
      if ("data" in answer) return answer.data.length === 0 ? { ok: false, code: "import_photo_type" } : { ok: true, data: answer.data };
      url = new URL(answer.redirect);
    }
    return { ok: false, code: "import_photo_unreachable" };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, code: error.code };
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Refused) return { ok: false, code: cause.code };
    return { ok: false, code: "import_photo_unreachable" };
  }
}
