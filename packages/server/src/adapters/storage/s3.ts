import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { AwsV4Signer } from "aws4fetch";
import type { S3Config } from "../../config";

/** An S3 answer other than the one asked for (its XML <Code>, e.g. NoSuchKey, SignatureDoesNotMatch). */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface S3Body {
  /** A fresh stream of the body for each attempt. */
  open(): Readable | Buffer;
  length: number;
  sha256: string;
}

export interface S3Client {
  readonly config: S3Config;
  /** Sends one signed request for `key` (empty: the bucket) and answers the raw response, whatever its status. */
  send(method: string, key: string, options?: { body?: S3Body; headers?: Record<string, string> }): Promise<IncomingMessage>;
  putObject(key: string, data: Buffer, contentType: string): Promise<void>;
  putStream(key: string, body: S3Body, contentType: string): Promise<void>;
  /** The object's response (200, 206 or 304 with the conditional headers given), or null when there is no such key. */
  getObject(key: string, headers?: Record<string, string>): Promise<IncomingMessage | null>;
  deleteObject(key: string): Promise<void>;
  /** Resolves when the bucket answers with these credentials (readiness). */
  headBucket(): Promise<void>;
  close(): void;
}

const TIMEOUT_MS = 30_000;

/** The SHA-256 of an empty body, as S3 wants it in x-amz-content-sha256. */
export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

const sha256Hex = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** A key as a URL path: RFC 3986 (everything but A-Z a-z 0-9 - . _ ~ and '/' is %XX), the form S3 signs. */
function encodeKey(key: string): string {
  return encodeURIComponent(key)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, "/");
}

export interface SigningKeys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/**
 * The request's headers with host, x-amz-date, x-amz-content-sha256 and the SigV4 Authorization header, signed by
 * aws4fetch (every header given is signed, as S3 allows; `url.pathname` must already be URI-encoded).
 */
export async function signedHeaders(
  keys: SigningKeys,
  request: { method: string; url: URL; headers?: Record<string, string>; payloadHash: string; date: Date },
): Promise<Record<string, string>> {
  const signer = new AwsV4Signer({
    method: request.method,
    url: request.url.href,
    headers: { ...request.headers, "x-amz-content-sha256": request.payloadHash },
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
    region: keys.region,
    service: "s3",
    datetime: request.date.toISOString().replace(/[:-]|\.\d{3}/g, ""),
    allHeaders: true,
  });
  const signed = await signer.sign();
  return { ...Object.fromEntries(signed.headers.entries()), host: request.url.host };
}

export function bufferBody(data: Buffer): S3Body {
  return { open: () => data, length: data.length, sha256: sha256Hex(data) };
}

async function readAll(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function failure(response: IncomingMessage, what: string): Promise<S3Error> {
  const text = await readAll(response).catch(() => "");
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP${response.statusCode}`;
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? "";
  return new S3Error(response.statusCode ?? 0, code, `S3 ${what} failed: ${response.statusCode} ${code} ${message}`.trim());
}

/** A client for one bucket of an S3-compatible service: requests signed with SigV4 by aws4fetch, sent over node:http(s). */
export function s3Client(config: S3Config): S3Client {
  const endpoint = new URL(config.endpoint);
  const transport = endpoint.protocol === "https:" ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 32 });
  const keys = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region };

  const urlOf = (key: string) => {
    const encoded = key ? `/${encodeKey(key)}` : "";
    return config.forcePathStyle
      ? new URL(`${endpoint.origin}/${config.bucket}${encoded}`)
      : new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}${encoded || "/"}`);
  };

  const send: S3Client["send"] = async (method, key, options = {}) => {
    const url = urlOf(key);
    const body = options.body;
    const headers = await signedHeaders(keys, {
      method,
      url,
      headers: { ...options.headers, ...(body ? { "content-length": String(body.length) } : {}) },
      payloadHash: body?.sha256 ?? EMPTY_SHA256,
      date: new Date(),
    });
    return new Promise<IncomingMessage>((resolve, reject) => {
      const request = transport.request(url, { method, headers, agent, timeout: TIMEOUT_MS }, resolve);
      request.on("timeout", () => request.destroy(new Error(`S3 ${method} ${key}: no answer in ${TIMEOUT_MS} ms`)));
      request.on("error", reject);
      if (!body) return void request.end();
      const source = body.open();
      if (Buffer.isBuffer(source)) return void request.end(source);
      source.on("error", (error) => request.destroy(error));
      source.pipe(request);
    });
  };

  const expect = async (response: IncomingMessage, what: string, ok: (status: number) => boolean) => {
    if (!ok(response.statusCode ?? 0)) throw await failure(response, what);
    response.resume();
  };

  return {
    config,
    send,
    async putObject(key, data, contentType) {
      await expect(
        await send("PUT", key, { body: bufferBody(data), headers: { "content-type": contentType } }),
        `PUT ${key}`,
        (s) => s === 200,
      );
    },
    async putStream(key, body, contentType) {
      await expect(await send("PUT", key, { body, headers: { "content-type": contentType } }), `PUT ${key}`, (s) => s === 200);
    },
    async getObject(key, headers) {
      const response = await send("GET", key, { headers });
      const status = response.statusCode ?? 0;
      if (status === 404) {
        response.resume();
        return null;
      }
      if (status !== 200 && status !== 206 && status !== 304) throw await failure(response, `GET ${key}`);
      return response;
    },
    async deleteObject(key) {
      // S3 answers 204 whether or not the key existed.
      await expect(await send("DELETE", key), `DELETE ${key}`, (s) => s === 204 || s === 200 || s === 404);
    },
    async headBucket() {
      await expect(await send("HEAD", ""), "HEAD bucket", (s) => s === 200);
    },
    close: () => agent.destroy(),
  };
}

/** The headers of an S3 object response worth passing on to a browser. */
export function passOnHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ["content-type", "content-length", "content-range", "etag", "last-modified", "accept-ranges"]) {
    const value = headers[name];
    if (typeof value === "string") kept[name] = value;
  }
  return kept;
}
