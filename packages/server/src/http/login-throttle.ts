import { normalizeUsername } from "@tianguis/domain/rules/registration";
import type { FastifyReply } from "fastify";
import type { Redis } from "ioredis";
import type { Clock } from "../clock";
import { AppError } from "./errors";

/**
 * Login throttling has two budgets, so an office behind one address is not locked out by one person's typos and a
 * guesser cannot rotate addresses around a per-address limit:
 * - per client address (request.ip, which believes X-Forwarded-For only from TRUST_PROXY): the route's rate limit;
 * - per account: failed logins of one username from any address, over a longer window. While it is spent the account
 *   answers 429 before its password is checked; other accounts behind the same address still sign in.
 */
export const loginLimits = {
  perAddress: { max: 100, timeWindow: "1 minute" },
  perAccount: { failures: 10, windowMs: 15 * 60 * 1000 },
};

interface FailureCounter {
  /** Failures in the key's current window, and the milliseconds until that window ends. */
  read(key: string): Promise<{ failures: number; retryAfterMs: number }>;
  record(key: string, windowMs: number): Promise<void>;
}

export interface LoginThrottle {
  /**
   * Runs one login attempt under the account's budget: 429 while it is spent; a wrong password (401, or a profile
   * change's 'incorrect_current_password') spends one.
   */
  attempt<T>(username: string, reply: FastifyReply, login: () => Promise<T>): Promise<T>;
}

declare module "fastify" {
  interface FastifyInstance {
    loginThrottle: LoginThrottle;
  }
}

/** Shared by every instance through Redis when REDIS_URL is set, like the rate limits; in memory otherwise. */
export function createLoginThrottle(redis: Redis | undefined, clock: Clock, keyPrefix = "tianguis-"): LoginThrottle {
  const counter = redis ? redisCounter(redis) : memoryCounter(clock);
  const { failures: max, windowMs } = loginLimits.perAccount;
  return {
    async attempt(username, reply, login) {
      const key = `${keyPrefix}login-failures-${normalizeUsername(username)}`;
      const spent = await counter.read(key);
      if (spent.failures >= max) {
        reply.header("retry-after", Math.ceil(spent.retryAfterMs / 1000));
        throw new AppError("rate_limited");
      }
      try {
        return await login();
      } catch (error) {
        if (error instanceof AppError && (error.status === 401 || error.code === "incorrect_current_password"))
          await counter.record(key, windowMs);
        throw error;
      }
    },
  };
}

function memoryCounter(clock: Clock, capacity = 50_000): FailureCounter {
  const windows = new Map<string, { failures: number; endsAt: number }>();
  const current = (key: string) => {
    const window = windows.get(key);
    return window && window.endsAt > clock.now().getTime() ? window : undefined;
  };
  return {
    read: async (key) => {
      const window = current(key);
      return { failures: window?.failures ?? 0, retryAfterMs: window ? window.endsAt - clock.now().getTime() : 0 };
    },
    record: async (key, windowMs) => {
      const window = current(key) ?? { failures: 0, endsAt: clock.now().getTime() + windowMs };
      window.failures += 1;
      windows.delete(key);
      windows.set(key, window);
      // Forget the least recently failed accounts first; a Map iterates in insertion order.
      if (windows.size > capacity) windows.delete(windows.keys().next().value as string);
    },
  };
}

function redisCounter(redis: Redis): FailureCounter {
  return {
    read: async (key) => {
      const [failures, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
      return { failures: Number(failures ?? 0), retryAfterMs: Math.max(ttl, 0) };
    },
    record: async (key, windowMs) => {
      // The window starts with the first failure; INCR keeps the expiry SET gave it.
      await redis.multi().set(key, "0", "PX", windowMs, "NX").incr(key).exec();
    },
  };
}
