import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../test/harness";
import { isValidHost, isValidTarget } from "./request-target";

/** Sends `head` as the raw bytes of a request (no client tidies it up) and answers the status and body. */
async function rawRequest(port: number, head: string): Promise<{ status: number; body: string }> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(head));
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
  return { status: Number(text.split(" ")[1]), body: text.slice(text.indexOf("\r\n\r\n") + 4) };
}

describe("malformed request targets and Host headers (issue 32, 2)", () => {
  it.each(["localhost", "localhost:3000", "demo.localhost:3000", "127.0.0.1:8080", "[::1]:3000", "tienda.example.com", undefined])(
    "takes the Host %s",
    (host) => expect(isValidHost(host)).toBe(true),
  );
  it.each(["a b", "[", "x:99999", "", "a/b", "a@b", "x:", "ñandú.mx", "a\tb"])("refuses the Host %j", (host) =>
    expect(isValidHost(host)).toBe(false),
  );
  it.each(["/", "/tienda/demo?x=1", "/a%2fb", "/%E0%A4%A", "/?next=//evil"])("takes the target %s", (url) =>
    expect(isValidTarget(url)).toBe(true),
  );
  it.each(["//", "///", "//?a=1", "//%2f", "/\\", "/a\\b", "*", "//evil.example/x"])("refuses the target %s", (url) =>
    expect(isValidTarget(url)).toBe(false),
  );

  describe("over a socket", () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp();
      await t.app.listen({ host: "127.0.0.1", port: 0 });
      port = (t.app.server.address() as net.AddressInfo).port;
    });
    afterAll(async () => t.close());

    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const target of ["//", "///", "//?a=1", "//%2f", "/\\", "/api/v1/health\\x"]) {
        it(`answers ${method} ${target} with a coded 400`, async () => {
          const answer = await rawRequest(
            port,
            `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
          );
          expect(answer.status).toBe(400);
          if (method !== "HEAD") expect(JSON.parse(answer.body)).toMatchObject({ code: "validation_failed" });
        });
      }
    }

    for (const host of ["a b", "[", "x:99999", ""]) {
      it(`answers a Host of ${JSON.stringify(host)} with a coded 400`, async () => {
        const answer = await rawRequest(port, `GET /api/v1/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        expect(answer.status).toBe(400);
        expect(answer.body).toContain("validation_failed");
      });
    }

    it("answers a request without a Host (HTTP/1.0) and one with a good Host as before", async () => {
      expect((await rawRequest(port, "GET /api/v1/health HTTP/1.0\r\n\r\n")).status).toBe(200);
      expect((await rawRequest(port, "GET /api/v1/health HTTP/1.1\r\nHost: [::1]:3000\r\nConnection: close\r\n\r\n")).status).toBe(200);
    });
  });
});
