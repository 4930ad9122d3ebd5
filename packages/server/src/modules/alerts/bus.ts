import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type pg from "pg";

/**
 * Fan-out of 'this user's alerts changed' to every app instance, so a Server-Sent Events stream open on any instance
 * hears of an alert written through any other (docs/DEPLOY.md: several instances behind a proxy).
 * One interface, three implementations: Redis pub/sub (REDIS_URL), PostgreSQL LISTEN/NOTIFY (PostgreSQL without
 * Redis) and in-process (PGlite: one process only).
 */
export interface AlertBus {
  readonly kind: "redis" | "postgres" | "in-process";
  /** Tell every instance (this one included) that `userId`'s alerts changed. */
  publish(userId: string): Promise<void>;
  /** Called on this instance for every publication, wherever it came from; returns the unsubscribe. */
  subscribe(listener: (userId: string) => void): () => void;
  /** Resolves once the bus receives (Redis/PostgreSQL subscription in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const uuidPattern = /^[0-9a-f-]{36}$/i;

function localListeners() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit: (userId: string) => {
      if (uuidPattern.test(userId)) emitter.emit("alert", userId);
    },
    subscribe(listener: (userId: string) => void) {
      emitter.on("alert", listener);
      return () => void emitter.off("alert", listener);
    },
  };
}

// PGlite runs in this process only: every app built on it in this process shares one emitter.
const processWide = localListeners();

export function inProcessAlertBus(): AlertBus {
  const unsubscribes = new Set<() => void>();
  return {
    kind: "in-process",
    publish: async (userId) => processWide.emit(userId),
    subscribe(listener) {
      const off = processWide.subscribe(listener);
      unsubscribes.add(off);
      return () => {
        unsubscribes.delete(off);
        off();
      };
    },
    ready: async () => {},
    close: async () => {
      for (const off of unsubscribes) off();
      unsubscribes.clear();
    },
  };
}

/** Redis pub/sub: one publishing connection (shared) and one subscribing connection of the bus's own. */
export function redisAlertBus(publisher: Redis, channel: string): AlertBus {
  const local = localListeners();
  const subscriber = publisher.duplicate();
  subscriber.on("error", () => {}); // the publisher's own handler reports Redis being down
  subscriber.on("message", (from, userId: string) => from === channel && local.emit(userId));
  let subscribed: Promise<void> | undefined;
  return {
    kind: "redis",
    publish: async (userId) => void (await publisher.publish(channel, userId)),
    subscribe: (listener) => local.subscribe(listener),
    ready: () => (subscribed ??= subscriber.subscribe(channel).then(() => undefined)),
    close: async () => void (await subscriber.quit().catch(() => subscriber.disconnect())),
  };
}

/** PostgreSQL LISTEN/NOTIFY on a dedicated connection taken from the pool (reconnects when it drops). */
export function postgresAlertBus(pool: pg.Pool, channel: string, onError: (error: Error) => void): AlertBus {
  const local = localListeners();
  let client: pg.PoolClient | undefined;
  let closed = false;
  let connecting: Promise<void> | undefined;
  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const next = await pool.connect();
      next.on("notification", (message) => message.channel === channel && message.payload && local.emit(message.payload));
      next.on("error", (error) => {
        // A dropped connection may report more than once, or after close() gave it back: release it to the pool once.
        if (client !== next) return;
        onError(error);
        client = undefined;
        connecting = undefined;
        next.release(error);
        if (!closed) setTimeout(() => void connect().catch(onError), 1_000).unref();
      });
      try {
        await next.query(`LISTEN "${channel}"`);
      } catch (error) {
        connecting = undefined;
        next.release(error as Error);
        throw error;
      }
      client = next;
    })());
  return {
    kind: "postgres",
    publish: async (userId) => void (await pool.query("select pg_notify($1, $2)", [channel, userId])),
    subscribe: (listener) => local.subscribe(listener),
    ready: () => connect(),
    close: async () => {
      closed = true;
      const held = client;
      client = undefined;
      if (held) {
        await held.query(`UNLISTEN "${channel}"`).catch(() => {});
        held.release();
      }
    },
  };
}
