import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A server-rendered page reads the API in-process several times (web.ts), and most of those calls look up the same
 * rows: the shop of the page (each shop-scoped route resolves it by slug) and the visitor's roles in it. Inside
 * `withPageReads`, such a lookup made with the page's own database handle (never a transaction's) is made once and
 * shared by the page's later calls. Only reads are kept, only for that page: web.ts gives each page its own scope, runs
 * its writes outside any, and starts a new one after every write. Each caller gets its own copy of what was read.
 */
export interface PageReads {
  /** The database handle whose reads are shared (the app's); a transaction's reads never are. */
  db: unknown;
  memo: Map<string, Promise<unknown>>;
}

const pageReads = new AsyncLocalStorage<PageReads>();

export function newPageReads(db: unknown): PageReads {
  return { db, memo: new Map() };
}

export function withPageReads<T>(reads: PageReads, call: () => Promise<T>): Promise<T> {
  // Through an async function, as withPageSession: an injected request reaches Fastify's hooks with the store.
  return pageReads.run(reads, async () => call());
}

/** `read()`, shared by key within the current page's calls when made with the page's database handle. */
export async function pageRead<T>(db: unknown, key: string, read: () => Promise<T>): Promise<T> {
  const reads = pageReads.getStore();
  if (!reads || reads.db !== db) return read();
  let found = reads.memo.get(key) as Promise<T> | undefined;
  if (!found) {
    found = read();
    reads.memo.set(key, found);
    // A failed read is not kept: the next call tries again.
    found.catch(() => reads.memo.get(key) === found && reads.memo.delete(key));
  }
  return structuredClone(await found);
}
