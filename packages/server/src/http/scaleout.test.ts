import { afterEach, describe, expect, it } from "vitest";
import { enqueueJob, registerJob } from "../jobs/runner";
import { type TestCluster, createTestCluster } from "../test/cluster";
import { createUserWithPassword } from "../test/harness";
import { loginLimits } from "./login-throttle";

const redisUrl = process.env.REDIS_URL;

/**
 * Several instances behind a proxy (no sticky sessions): a client's requests land on any of them, so what limits a
 * client must be counted in one place. These run two app instances on one database and one Redis.
 */
describe.skipIf(!redisUrl)("two instances on one Redis (skipped without REDIS_URL)", () => {
  let cluster: TestCluster | undefined;
  afterEach(async () => {
    await cluster?.close();
    cluster = undefined;
  });

  const login = (index: number, payload: Record<string, string>, address: string) =>
    cluster!.apps[index].app.inject({ method: "POST", url: "/api/v1/auth/login", payload, headers: { "x-forwarded-for": address } });

  async function spendAlternately(count: number, address: string) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1) statuses.push((await login(attempt % 2, {}, address)).statusCode);
    return statuses;
  }

  it("count one address's logins together, whichever instance each lands on", async () => {
    cluster = await createTestCluster(2, { REDIS_URL: redisUrl! });
    const statuses = await spendAlternately(loginLimits.perAddress.max, "198.51.100.40");
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect((await login(0, {}, "198.51.100.40")).statusCode).toBe(429);
    expect((await login(1, {}, "198.51.100.40")).statusCode).toBe(429);
    expect((await login(1, {}, "198.51.100.41")).statusCode).toBe(400);
  });

  it("back off one account after wrong passwords spread over both instances", async () => {
    cluster = await createTestCluster(2, { REDIS_URL: redisUrl! });
    const { username } = await createUserWithPassword(cluster.apps[0].ctx, "secreto123");
    for (let attempt = 0; attempt < loginLimits.perAccount.failures; attempt += 1)
      expect((await login(attempt % 2, { username, password: "equivocada" }, `192.0.2.${attempt + 1}`)).statusCode).toBe(401);
    for (const index of [0, 1]) {
      const locked = await login(index, { username, password: "secreto123" }, "192.0.2.200");
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(60);
    }
  });

  it("share the development clock: moved on one instance, a job due then runs from the other", async () => {
    cluster = await createTestCluster(2, { REDIS_URL: redisUrl! });
    const [a, b] = cluster.apps;
    const ran: string[] = [];
    registerJob("scaleout_test_clock", async (_ctx, payload) => void ran.push(payload.id));
    await enqueueJob(a.ctx.db, "scaleout_test_clock", { id: "due-in-an-hour" }, new Date(a.ctx.clock.now().getTime() + 3_600_000));

    expect((await b.app.inject({ method: "POST", url: "/api/v1/dev/jobs/run", payload: {} })).json()).toEqual({ ran: 0 });
    const moved = await a.app.inject({ method: "POST", url: "/api/v1/dev/clock", payload: { advance_ms: 3_600_001 } });
    expect(moved.statusCode).toBe(200);
    expect((await b.app.inject({ method: "POST", url: "/api/v1/dev/jobs/run", payload: {} })).json()).toEqual({ ran: 1 });
    expect(ran).toEqual(["due-in-an-hour"]);
    expect(Math.abs(b.ctx.clock.now().getTime() - a.ctx.clock.now().getTime())).toBeLessThan(1000);
  });
});

describe("two instances without Redis", () => {
  it("count alone (why several instances need REDIS_URL): each takes the address's whole budget", async () => {
    const cluster = await createTestCluster(2);
    try {
      for (let attempt = 0; attempt < loginLimits.perAddress.max; attempt += 1) {
        const index = attempt % 2;
        expect((await cluster.apps[index].app.inject({ method: "POST", url: "/api/v1/auth/login", payload: {} })).statusCode).toBe(400);
      }
      expect((await cluster.apps[0].app.inject({ method: "POST", url: "/api/v1/auth/login", payload: {} })).statusCode).toBe(400);
    } finally {
      await cluster.close();
    }
  });
});
