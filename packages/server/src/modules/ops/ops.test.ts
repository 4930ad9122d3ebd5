import { randomUUID } from "node:crypto";
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from "@tianguis/domain/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformAdmins } from "../../db/schema/support";
import { deliver, recordEvent, registerSubscribers, runDueDeliveries, subscriber, transactionWithEvents } from "../../events/bus";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";

/**
 * Issue 28: a delivery that fails every attempt is 'dead' until a platform admin lists and replays it. The subscriber
 * here is a throwaway one (`test.` prefix) on ticket.checked_in, failing for the tickets it is told to; it stays
 * registered for the test files that run after this one in the same worker, so for any other ticket it does nothing.
 */
const flaky = { watched: new Set<string>(), failing: new Set<string>(), effects: new Map<string, number>() };
afterAll(
  registerSubscribers([
    subscriber("ticket.checked_in", "test.ops-flaky", async (_tx, checkIn) => {
      if (!flaky.watched.has(checkIn.ticket_id)) return;
      if (flaky.failing.has(checkIn.ticket_id)) throw new Error(`flaky subscriber is down for ${checkIn.ticket_id}`);
      flaky.effects.set(checkIn.ticket_id, (flaky.effects.get(checkIn.ticket_id) ?? 0) + 1);
    }),
  ]),
);

describe("ops: event deliveries that failed every attempt, listed and replayed by a platform admin", () => {
  let t: TestApp;
  let shopId: string;
  type Role = "anonymous" | "customer" | "owner" | "admin";
  const users: Record<Exclude<Role, "anonymous">, string> = { customer: "", owner: "", admin: "" };

  beforeAll(async () => {
    t = await createTestApp();
    users.customer = (await createUser(t.ctx)).id;
    users.owner = (await createUser(t.ctx)).id;
    shopId = (await createShop(t.ctx, users.owner)).id;
    users.admin = (await createUser(t.ctx, { fullName: "Elena" })).id;
    await t.ctx.db.insert(platformAdmins).values({ userId: users.admin });
  });
  afterAll(async () => t?.close());

  /** A request as `role`, signed in afresh: the tests move the clock past a session's life. */
  const call = async (method: "GET" | "POST", url: string, role: Role, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: role === "anonymous" ? {} : await signIn(t.ctx, users[role]),
      ...(payload ? { payload } : {}),
    });

  /** A ticket check-in the flaky subscriber reacts to, recorded as a module records it; answers the ticket id. */
  async function checkIn(options: { failing: boolean }): Promise<string> {
    const ticketId = randomUUID();
    flaky.watched.add(ticketId);
    if (options.failing) flaky.failing.add(ticketId);
    await transactionWithEvents(t.ctx, (tx) =>
      recordEvent(tx, { type: "ticket.checked_in", payload: { ticket_id: ticketId, shop_id: shopId } }, t.ctx.clock.now()),
    );
    return ticketId;
  }

  /** The retries the job runner makes, each after its back-off, until none is due any more. */
  async function runRetries() {
    for (let attempt = 1; attempt < MAX_DELIVERY_ATTEMPTS; attempt++) {
      t.clock.advance(retryDelayMs(attempt) + 1);
      await runDueDeliveries(t.ctx);
    }
  }

  async function deliveryOf(ticketId: string, state = "dead") {
    const list = await call("GET", `/ops/events?state=${state}&type=ticket.checked_in&subscriber=test.ops-flaky&limit=100`, "admin");
    expect(list.statusCode).toBe(200);
    return list.json().results.find((one: { event: { payload: { ticket_id: string } } }) => one.event.payload.ticket_id === ticketId);
  }

  it("documents the four routes in the OpenAPI document", async () => {
    const paths = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json().paths;
    expect(Object.keys(paths["/api/v1/ops/events"])).toEqual(["get"]);
    expect(Object.keys(paths["/api/v1/ops/events/{delivery_id}"])).toEqual(["get"]);
    expect(Object.keys(paths["/api/v1/ops/events/{delivery_id}/replay"])).toEqual(["post"]);
    expect(Object.keys(paths["/api/v1/ops/events/replay"])).toEqual(["post"]);
  });

  it("answers only platform admins: anonymous 401, a customer or a shop owner 403", async () => {
    const ticketId = await checkIn({ failing: false });
    const id = (await deliveryOf(ticketId, "done")).id;
    const routes: [string, "GET" | "POST", string, object?][] = [
      ["list", "GET", "/ops/events"],
      ["one", "GET", `/ops/events/${id}`],
      ["replay one", "POST", `/ops/events/${id}/replay`],
      ["replay all", "POST", "/ops/events/replay", { state: "dead" }],
    ];
    for (const [name, method, url, body] of routes) {
      const answers = {
        anonymous: await call(method, url, "anonymous", body),
        customer: await call(method, url, "customer", body),
        owner: await call(method, url, "owner", body),
        admin: await call(method, url, "admin", body),
      };
      expect([answers.anonymous.statusCode, answers.anonymous.json().code], name).toEqual([401, "unauthorized"]);
      expect([answers.customer.statusCode, answers.customer.json().code], name).toEqual([403, "forbidden"]);
      expect([answers.owner.statusCode, answers.owner.json().code], name).toEqual([403, "forbidden"]);
      // The admin's replay of a done delivery is refused: its effect already happened.
      expect(answers.admin.statusCode, name).toBe(name === "replay one" ? 409 : 200);
    }
    expect(flaky.effects.get(ticketId)).toBe(1);
  });

  it("a failing subscriber is retried with back-off, then dead after the last attempt, and shows in the dead list", async () => {
    const ticketId = await checkIn({ failing: true });
    const pending = await deliveryOf(ticketId, "pending");
    expect(pending).toMatchObject({ state: "pending", attempts: 1, subscriber: "test.ops-flaky" });
    expect(new Date(pending.run_at).getTime()).toBeGreaterThan(t.ctx.clock.now().getTime());

    await runRetries();

    const dead = await deliveryOf(ticketId);
    expect(dead).toMatchObject({
      state: "dead",
      attempts: MAX_DELIVERY_ATTEMPTS,
      done_at: null,
      subscriber: "test.ops-flaky",
      event: { type: "ticket.checked_in", version: 1, payload: { ticket_id: ticketId, shop_id: shopId } },
    });
    expect(dead.last_error).toContain("flaky subscriber is down");
    expect(flaky.effects.get(ticketId)).toBeUndefined();
    // Dead is the list's default, and the job runner leaves it alone however late it gets.
    const list = (await call("GET", "/ops/events", "admin")).json();
    expect(list.results.map((one: { id: string }) => one.id)).toContain(dead.id);
    expect(list.matches_estimated).toBeGreaterThanOrEqual(1);
    t.clock.advance(365 * 24 * 3600_000);
    expect(await runDueDeliveries(t.ctx)).toBe(0);
    const one = await call("GET", `/ops/events/${dead.id}`, "admin");
    expect(one.json()).toEqual(dead);
  });

  it("replaying a dead delivery once its cause is fixed runs it, done, and its effect happens exactly once", async () => {
    const ticketId = await checkIn({ failing: true });
    await runRetries();
    const dead = await deliveryOf(ticketId);
    expect(dead.state).toBe("dead");

    flaky.failing.delete(ticketId);
    const replayed = await call("POST", `/ops/events/${dead.id}/replay`, "admin");
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({ id: dead.id, state: "done", attempts: 1, last_error: null });
    expect(replayed.json().done_at).not.toBeNull();
    expect(flaky.effects.get(ticketId)).toBe(1);

    // Again: refused with a code, and neither a second replay, a redelivery nor the job runner runs it twice.
    const again = await call("POST", `/ops/events/${dead.id}/replay`, "admin");
    expect([again.statusCode, again.json().code]).toEqual([409, "event_delivery_already_done"]);
    expect(await deliver(t.ctx, dead.id)).toBe("skipped");
    t.clock.advance(3600_000);
    await runDueDeliveries(t.ctx);
    expect(flaky.effects.get(ticketId)).toBe(1);
    expect((await call("GET", `/ops/events/${dead.id}`, "admin")).json()).toMatchObject({ state: "done", attempts: 1 });
  });

  it("replaying a delivery that still fails leaves it pending from attempt 1, for the job runner to retry", async () => {
    const ticketId = await checkIn({ failing: true });
    await runRetries();
    const dead = await deliveryOf(ticketId);
    const replayed = await call("POST", `/ops/events/${dead.id}/replay`, "admin");
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({ state: "pending", attempts: 1 });
    expect(replayed.json().last_error).toContain("flaky subscriber is down");

    // A pending one can be pushed too (no waiting for its back-off): fixed now, it is done.
    flaky.failing.delete(ticketId);
    const pushed = await call("POST", `/ops/events/${dead.id}/replay`, "admin");
    expect(pushed.json()).toMatchObject({ state: "done", attempts: 1 });
    expect(flaky.effects.get(ticketId)).toBe(1);
  });

  it("replays every matching dead delivery in one call, and says how many are done and how many failed again", async () => {
    const fixed = [await checkIn({ failing: true }), await checkIn({ failing: true })];
    const broken = await checkIn({ failing: true });
    await runRetries();
    for (const ticketId of [...fixed, broken]) expect((await deliveryOf(ticketId)).state).toBe("dead");
    for (const ticketId of fixed) flaky.failing.delete(ticketId);

    const none = await call("POST", "/ops/events/replay", "admin", { state: "dead", subscriber: "test.nobody" });
    expect(none.json()).toEqual({ replayed: 0, done: 0, failed: 0, more: false });

    // Dead ones of the tests before this one (still failing) are replayed too, and fail again.
    const dead = (await call("GET", "/ops/events?type=ticket.checked_in", "admin")).json().matches_estimated;
    expect(dead).toBeGreaterThanOrEqual(3);
    const all = await call("POST", "/ops/events/replay", "admin", { state: "dead", type: "ticket.checked_in" });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ replayed: dead, done: 2, failed: dead - 2, more: false });
    for (const ticketId of fixed) expect(flaky.effects.get(ticketId)).toBe(1);
    expect(await deliveryOf(broken, "pending")).toMatchObject({ attempts: 1 });
    expect((await call("GET", "/ops/events?type=ticket.checked_in", "admin")).json()).toEqual({ results: [], matches_estimated: 0 });

    // Nothing dead is left to replay; the done ones stay done.
    const again = await call("POST", "/ops/events/replay", "admin", { state: "dead" });
    expect(again.json()).toEqual({ replayed: 0, done: 0, failed: 0, more: false });
    for (const ticketId of fixed) expect(flaky.effects.get(ticketId)).toBe(1);
  });

  it("pages the list and filters it by state, event type and subscriber", async () => {
    const query = "type=ticket.checked_in&subscriber=test.ops-flaky&state=done";
    const all = (await call("GET", `/ops/events?${query}&limit=100`, "admin")).json();
    expect(all.results.length).toBeGreaterThanOrEqual(4);
    expect(all.results.every((one: { state: string }) => one.state === "done")).toBe(true);
    const page = (await call("GET", `/ops/events?${query}&offset=1&limit=2`, "admin")).json();
    expect(page).toEqual({ results: all.results.slice(1, 3), matches_estimated: all.matches_estimated });
    expect((await call("GET", "/ops/events?state=done&type=purchase.paid", "admin")).json()).toEqual({
      results: [],
      matches_estimated: 0,
    });
    expect((await call("GET", "/ops/events?state=done&subscriber=test.nobody", "admin")).json().matches_estimated).toBe(0);
  });

  it("answers 404 event_delivery_not_found for an unknown id, and 400 for malformed input", async () => {
    const unknown = randomUUID();
    for (const [method, url] of [
      ["GET", `/ops/events/${unknown}`],
      ["POST", `/ops/events/${unknown}/replay`],
    ] as const) {
      const response = await call(method, url, "admin");
      expect([response.statusCode, response.json().code]).toEqual([404, "event_delivery_not_found"]);
      expect(response.json().message).toBe("Esa entrega de evento no existe");
    }
    const malformed: [string, string, object?][] = [
      ["GET", "/ops/events/not-a-uuid"],
      ["POST", "/ops/events/not-a-uuid/replay"],
      ["GET", "/ops/events?state=lost"],
      ["GET", "/ops/events?limit=0"],
      ["GET", "/ops/events?limit=101"],
      ["GET", `/ops/events?type=${"x".repeat(101)}`],
      ["GET", "/ops/events?type=a%00b"],
      ["POST", "/ops/events/replay", { state: "done" }],
      ["POST", "/ops/events/replay", {}],
      ["POST", "/ops/events/replay", { state: "dead", subscriber: "" }],
    ];
    for (const [method, url, body] of malformed) {
      const response = await call(method as "GET" | "POST", url, "admin", body);
      expect([method, url, response.statusCode, response.json().code]).toEqual([method, url, 400, "validation_failed"]);
    }
  });
});
