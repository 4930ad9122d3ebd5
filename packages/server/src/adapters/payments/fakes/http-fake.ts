import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny local HTTP server that payment fakes build on: each fake answers the part of its provider's REST API
 * an adapter uses, with the provider's own shapes, so adapter tests run without the internet and can fail.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  rawBody: string;
  /** The body parsed as JSON (or as a form when the provider posts forms); undefined when empty or unreadable. */
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeRoute = [
  method: string,
  pattern: RegExp,
  handle: (request: FakeRequest, params: string[]) => FakeReply | Promise<FakeReply>,
];

export interface RunningFake {
  url: string;
  /** Every request received, oldest first (tests assert on headers such as idempotency keys). */
  requests: FakeRequest[];
  close(): Promise<void>;
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (!raw) return undefined;
  if (contentType?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export async function startFakeServer(routes: FakeRoute[], notFound: () => FakeReply): Promise<RunningFake> {
  const requests: FakeRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const url = new URL(incoming.url ?? "/", "http://fake.local");
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const request: FakeRequest = {
        method: incoming.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        rawBody,
        body: parseBody(rawBody, incoming.headers["content-type"]),
      };
      requests.push(request);
      let reply: FakeReply = notFound();
      for (const [method, pattern, handle] of routes) {
        const match = method === request.method ? pattern.exec(request.path) : null;
        if (!match) continue;
        try {
          reply = await handle(request, match.slice(1));
        } catch (error) {
          reply = { status: 500, body: { message: String(error) } };
        }
        break;
      }
      const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
      response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads HTTP Basic credentials ("user:password"), or null. */
export function basicCredentials(header: string | string[] | undefined): { user: string; password: string } | null {
  if (typeof header !== "string" || !header.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Fake ids shaped like the provider's (letters and digits, fixed length). */
export function fakeId(prefix: string, length = 18): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  let id = prefix;
  for (let index = 0; index < length; index += 1) id += alphabet[Math.floor(Math.random() * alphabet.length)];
  return id;
}
