import { setTimeout as sleep } from "node:timers/promises";
import { isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../db/schema/jobs";
import { type TestCluster, createTestCluster } from "../test/cluster";
import { testDatabaseKind } from "../test/harness";
import { enqueueJob, registerJob, runDueJobs, startJobRunner } from "./runner";

/**
 * Several instances poll one jobs table. On PostgreSQL each instance has its own connection pool, so claims really
 * race; PGlite is one process and serialises everything, so the race is only run there.
 */
describe.skipIf(testDatabaseKind !== "postgres")("jobs across instances (PostgreSQL only)", () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await createTestCluster(2);
  });
  afterAll(async () => cluster?.close());

  it("runs each due job exactly once while two instances, four pollers each, claim concurrently", async () => {
    const runs = new Map<string, string[]>();
    registerJob("runner_test_once", async (ctx, payload) => {
      const instance = ctx === cluster.apps[0].ctx ? "a" : "b";
      runs.set(payload.n, [...(runs.get(payload.n) ?? []), instance]);
      await sleep(Number(payload.n) % 3);
    });
    const [a, b] = cluster.apps;
    const count = 200;
    const due = new Date(a.ctx.clock.now().getTime() - 1000);
    for (let n = 0; n < count; n += 1) await enqueueJob(a.ctx.db, "runner_test_once", { n: String(n) }, due);

    const poll = async (ctx: typeof a.ctx) => {
      let ran = 0;
      for (let batch = await runDueJobs(ctx, 7); batch > 0; batch = await runDueJobs(ctx, 7)) ran += batch;
      return ran;
    };
    const ran = await Promise.all([a, b, a, b, a, b, a, b].map((instance) => poll(instance.ctx)));

    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(count);
    expect(runs.size).toBe(count);
    expect([...runs.values()].filter((instances) => instances.length !== 1)).toEqual([]);
    const byInstance = [...runs.values()].flat();
    expect(byInstance.filter((instance) => instance === "a").length).toBeGreaterThan(0);
    expect(byInstance.filter((instance) => instance === "b").length).toBeGreaterThan(0);
    expect(await a.ctx.db.select().from(jobs).where(isNull(jobs.doneAt))).toEqual([]);
  });
});

describe("the job runner's stop", () => {
  it("waits for the job in hand and starts no other, so shutdown does not close the database under it", async () => {
    const cluster = await createTestCluster(1);
    try {
      const { ctx } = cluster.apps[0];
      const events: string[] = [];
      registerJob("runner_test_slow", async (_ctx, payload) => {
        events.push(`start ${payload.n}`);
        await sleep(400);
        events.push(`end ${payload.n}`);
      });
      const due = new Date(ctx.clock.now().getTime() - 1000);
      await enqueueJob(ctx.db, "runner_test_slow", { n: "1" }, due);
      await enqueueJob(ctx.db, "runner_test_slow", { n: "2" }, new Date(due.getTime() + 1));
      const stop = startJobRunner(ctx, 20);
      while (events.length === 0) await sleep(10);
      await stop();
      events.push("stopped");
      expect(events).toEqual(["start 1", "end 1", "stopped"]);
    } finally {
      await cluster.close();
    }
  });
});
