import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { Clock } from "../clock";

/**
 * The development clock (POST /api/v1/dev/clock, never in production) shared by every instance on one Redis: moving it
 * on one instance moves it on all, so an end-to-end journey behind a proxy can expire a purchase on one instance and
 * see it expired on the next. Each request reads the offset first; an advance is stored before its answer is sent.
 */
/** A moved clock is forgotten after a day without moves (tests leave no key behind for long). */
const KEEP_MS = 24 * 3600 * 1000;

export function sharedDevClock(app: FastifyInstance, redis: Redis, key: string): Clock {
  let offset = 0;
  let stored: Promise<unknown> = Promise.resolve();
  const clock: Clock = {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
      stored = redis
        .multi()
        .incrby(key, ms)
        .pexpire(key, KEEP_MS)
        .exec()
        .then((results) => {
          offset = Number(results?.[0]?.[1] ?? offset);
        });
    },
  };
  app.addHook("onRequest", async () => {
    // While Redis does not answer, keep the last offset read (development only; readiness reports the outage).
    const stored = await redis.get(key).catch(() => undefined);
    if (stored !== undefined) offset = Number(stored ?? 0);
  });
  app.addHook("onSend", async (_request, _reply, payload) => {
    await stored;
    return payload;
  });
  return clock;
}
