import { normalizeUsername } from "@tianguis/domain/rules/registration";
import type { FastifyReply } from "fastify";
import type { Redis } from "ioredis";
import type { Clock } from "../clock";
import { loginsRefused } from "../metrics";
import { AppError } from "./errors";

/**
 * Login throttling (docs/DEPLOY.md, "Lock-out policy") keeps guessing capped without letting a stranger lock the owner
 * out (issue 32):
 * - per client address (request.ip, which believes X-Forwarded-For only from TRUST_PROXY): the route's rate limit;
 * - per account and address: a few free mistakes, then an exponential back-off (30 s, 1 min, 2 min … up to an hour)
 *   for that address only, so one guesser gets about a dozen tries an hour and the owner elsewhere is not slowed;
 *   a good password from that address forgets its mistakes;
 * - per account, from every address together: a cap on wrong passwords per hour. Reaching it (a guesser with many
 *   addresses) pauses password sign-in for the rest of the hour and alerts the owner, who can still get in at once
 *   with a reset PIN sent to their e-mail or phone (no CAPTCHA).
 */
export const loginLimits = {
  perAddress: { max: 100, timeWindow: "1 minute" },
  perSource: { freeFailures: 5, firstWaitMs: 30_000, maxWaitMs: 60 * 60 * 1000, forgetMs: 60 * 60 * 1000 },
  perAccount: { failures: 50, windowMs: 60 * 60 * 1000 },
};

/** The wait after a source's `failures`-th wrong password: none for the free ones, then doubling up to the cap. */
export function backOffMs(failures: number): number {
  const { freeFailures, firstWaitMs, maxWaitMs } = loginLimits.perSource;
  if (failures < freeFailures) return 0;
  return Math.min(firstWaitMs * 2 ** Math.min(failures - freeFailures, 30), maxWaitMs);
}

interface FailureCounter {
  /** Failures in the key's current window, and the milliseconds until that window ends. */
  read(key: string): Promise<{ failures: number; retryAfterMs: number }>;
  /** Counts one failure (the window starts with the first) and answers the count. */
  record(key: string, windowMs: number): Promise<number>;
  /** Starts a wait of `ms` under `key` (replacing any), or forgets the key with 0. */
  hold(key: string, ms: number): Promise<void>;
  forget(key: string): Promise<void>;
}

export interface LoginAttempt {
  username: string;
  /** The client's address (request.ip). */
  source: string;
  /** Told once, when the account's cap is reached (the caller alerts the owner). */
  onAccountLocked(details: { failures: number; minutes: number }): Promise<void>;
}

export interface LoginThrottle {
  /**
   * Runs one login attempt under the source's and the account's budgets: 429 while either is spent; a wrong password
   * (401, or a profile change's 'incorrect_current_password') spends both.
   */
  attempt<T>(attempt: LoginAttempt, reply: FastifyReply, login: () => Promise<T>): Promise<T>;
}

declare module "fastify" {
  interface FastifyInstance {
    loginThrottle: LoginThrottle;
  }
}

/** Shared by every instance through Redis when REDIS_URL is set, like the rate limits; in memory otherwise. */
export function createLoginThrottle(redis: Redis | undefined, clock: Clock, keyPrefix = "tianguis-"): LoginThrottle {
  const counter = redis ? redisCounter(redis) : memoryCounter(clock);
  const { perSource, perAccount } = loginLimits;
  const refuse = (reply: FastifyReply, retryAfterMs: number, code: "rate_limited" | "login_locked") => {
    loginsRefused.inc({ reason: code });
    reply.header("retry-after", Math.max(1, Math.ceil(retryAfterMs / 1000)));
    return new AppError(code);
  };
  return {
    async attempt({ username, source, onAccountLocked }, reply, login) {
      const account = normalizeUsername(username);
      const accountKey = `${keyPrefix}login-failures-${account}`;
      const sourceKey = `${keyPrefix}login-source-failures-${account}-${source}`;
      const waitKey = `${keyPrefix}login-source-wait-${account}-${source}`;
      const [spent, waiting] = await Promise.all([counter.read(accountKey), counter.read(waitKey)]);
      if (spent.failures >= perAccount.failures) throw refuse(reply, spent.retryAfterMs, "login_locked");
      if (waiting.failures > 0) throw refuse(reply, waiting.retryAfterMs, "rate_limited");
      try {
        const result = await login();
        await Promise.all([counter.forget(sourceKey), counter.forget(waitKey)]);
        return result;
      } catch (error) {
        if (!(error instanceof AppError && (error.status === 401 || error.code === "incorrect_current_password"))) throw error;
        loginsRefused.inc({ reason: error.code });
        const [accountFailures, sourceFailures] = await Promise.all([
          counter.record(accountKey, perAccount.windowMs),
          counter.record(sourceKey, perSource.forgetMs),
        ]);
        await counter.hold(waitKey, backOffMs(sourceFailures));
        if (accountFailures === perAccount.failures) {
          const { retryAfterMs } = await counter.read(accountKey);
          await onAccountLocked({ failures: accountFailures, minutes: Math.ceil(retryAfterMs / 60_000) });
        }
        throw error;
      }
    },
  };
}

function memoryCounter(clock: Clock, capacity = 50_000): FailureCounter {
  const windows = new Map<string, { failures: number; endsAt: number }>();
  const now = () => clock.now().getTime();
  const current = (key: string) => {
    const window = windows.get(key);
    return window && window.endsAt > now() ? window : undefined;
  };
  const keep = (key: string, window: { failures: number; endsAt: number }) => {
    windows.delete(key);
    windows.set(key, window);
    // Forget the least recently failed keys first; a Map iterates in insertion order.
    if (windows.size > capacity) windows.delete(windows.keys().next().value as string);
  };
  return {
    read: async (key) => {
      const window = current(key);
      return { failures: window?.failures ?? 0, retryAfterMs: window ? window.endsAt - now() : 0 };
    },
    record: async (key, windowMs) => {
      const window = current(key) ?? { failures: 0, endsAt: now() + windowMs };
      window.failures += 1;
      keep(key, window);
      return window.failures;
    },
    hold: async (key, ms) => {
      if (ms > 0) keep(key, { failures: 1, endsAt: now() + ms });
      else windows.delete(key);
    },
    forget: async (key) => void windows.delete(key),
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
      const answers = await redis.multi().set(key, "0", "PX", windowMs, "NX").incr(key).exec();
      return Number(answers?.[1]?.[1] ?? 0);
    },
    hold: async (key, ms) => {
      if (ms > 0) await redis.set(key, "1", "PX", ms);
      else await redis.del(key);
    },
    forget: async (key) => void (await redis.del(key)),
  };
}
