import { lexemeOf, parseSearchQuery } from "@tianguis/domain/rules/search-query";
import type { ProductType } from "@tianguis/domain/schemas/product";
import type { SearchResult } from "@tianguis/domain/schemas/search";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { productImages, products, storeProducts } from "../../db/schema/catalog";
import { shops } from "../../db/schema/shops";
import { findShopBySlug } from "../shops/service";
import { type AutocompleteIndex, AutocompleteIndexBuilder, type IndexedItem, type Operand } from "./autocomplete-index";
import { catalogAnswersForgotten } from "./cache";
import { rowsOf } from "../../db/client";

/**
 * The autocomplete indexes of the shops visitors search (one per shop and item type), kept in this process. A shop's
 * index is built on its first search, in batches read between other requests, and answers once built; until then,
 * and from any write through the API until the rebuild that follows it (at most every AUTOCOMPLETE_REBUILD_MS), the
 * SQL autocomplete answers. Typed words are stemmed by the database's own `to_tsquery('spanish', ...)`, once per word.
 * On by default in production (AUTOCOMPLETE_INDEX=on|off), off elsewhere so tests read their own writes at once.
 */

/** About 30–70 ms of PGlite's event loop per batch. */
const batchSize = 500;
const idleMs = 15 * 60_000;
const maxStems = 20_000;
const noId = "00000000-0000-0000-0000-000000000000";

interface Scope {
  slug: string;
  type: ProductType;
  index?: AutocompleteIndex;
  /** catalogAnswersForgotten() when the index's build started: the index is current while it is unchanged. */
  builtAfter: number;
  building: boolean;
  startedAt: number;
  timer?: NodeJS.Timeout;
  usedAt: number;
}

/** A typed word's stem: an operand, null for a stop word, false when it is not one lexeme (the SQL path answers). */
type Stem = Operand | null | false;

interface Registry {
  scopes: Map<string, Scope>;
  stems: Map<string, Stem>;
  builds: Set<Promise<void>>;
}

const registries = new WeakMap<Db, Registry>();

function registryOf(db: Db): Registry {
  let registry = registries.get(db);
  if (!registry) {
    registry = { scopes: new Map(), stems: new Map(), builds: new Set() };
    registries.set(db, registry);
  }
  return registry;
}

function indexEnabled(): boolean {
  const setting = process.env.AUTOCOMPLETE_INDEX ?? (process.env.NODE_ENV === "production" ? "on" : "off");
  return setting === "on";
}

const rebuildMs = () => Number(process.env.AUTOCOMPLETE_REBUILD_MS ?? 3000);

type Row = Omit<IndexedItem, "ownerSlug" | "queuePosition"> & { owner_slug: string; queue_position: number; search: string | null };

/** One batch of the scope's published, visible items of `type`: its own (`resold` false) or those it resells, by id. */
async function readBatch(db: Db, shopId: string, type: ProductType, resold: boolean, after: string): Promise<Row[]> {
  const columns = sql`p.id, p.name, p.shop_id as owner, o.slug as owner_slug, p.currency, p.queue_position, p.search::text as search,
    (select i.thumb from ${productImages} i where i.product_id = p.id order by i.position limit 1) as photo`;
  const visible = sql`p.type = ${type} and p.list_state = 'published' and not p.hiden`;
  const query = resold
    ? sql`select ${columns} from ${storeProducts} sp join ${products} p on p.id = sp.product_id join ${shops} o on o.id = p.shop_id
        where sp.shop_id = ${shopId} and sp.product_id > ${after} and ${visible}
        order by sp.product_id limit ${batchSize}`
    : sql`select ${columns} from ${products} p join ${shops} o on o.id = p.shop_id
        where p.shop_id = ${shopId} and p.id > ${after} and ${visible} order by p.id limit ${batchSize}`;
  return rowsOf<Row>(await db.execute(query));
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Reads the scope in batches, yielding to other requests between them (on PGlite each query holds the event loop). */
async function loadIndex(db: Db, slug: string, type: ProductType): Promise<AutocompleteIndex | null> {
  const shop = await findShopBySlug(db, slug);
  if (!shop) return null;
  const builder = new AutocompleteIndexBuilder();
  for (const resold of [false, true]) {
    let after = noId;
    for (;;) {
      const rows = await readBatch(db, shop.id, type, resold, after);
      for (const row of rows) {
        // An item the shop both owns and resells is read with its own (the filter stays out of SQL: it moves the plan).
        if (resold && row.owner === shop.id) continue;
        const item = { id: row.id, name: row.name, owner: row.owner, ownerSlug: row.owner_slug, currency: row.currency, photo: row.photo };
        builder.add({ ...item, queuePosition: Number(row.queue_position) }, row.search ?? "");
      }
      if (rows.length < batchSize) break;
      after = rows[rows.length - 1].id;
      await nextTurn();
    }
  }
  return builder.finish(nextTurn);
}

function build(ctx: AppContext, registry: Registry, key: string, scope: Scope): void {
  scope.building = true;
  scope.startedAt = Date.now();
  const forgotten = catalogAnswersForgotten();
  const done = loadIndex(ctx.db, scope.slug, scope.type)
    .then((index) => {
      // A write during the build may have changed rows already read: that index is not kept. No shop: SQL answers.
      if (catalogAnswersForgotten() === forgotten) Object.assign(scope, { index: index ?? undefined, builtAfter: forgotten });
    })
    .catch((error: unknown) => ctx.log.warn({ err: error, shop: scope.slug }, "autocomplete index not built"))
    .finally(() => {
      scope.building = false;
      registry.builds.delete(done);
      // Asked while a write made this build stale: the next one is scheduled now, not on the next question.
      if (scope.builtAfter !== catalogAnswersForgotten() && scope.usedAt >= scope.startedAt) scheduleBuild(ctx, registry, key, scope);
    });
  registry.builds.add(done);
}

/** Starts a build now, or when the last one started AUTOCOMPLETE_REBUILD_MS ago; one at a time per scope. */
function scheduleBuild(ctx: AppContext, registry: Registry, key: string, scope: Scope): void {
  if (scope.building || scope.timer) return;
  const now = Date.now();
  for (const [other, idle] of registry.scopes)
    if (now - idle.usedAt > idleMs && !idle.building && !idle.timer) registry.scopes.delete(other);
  registry.scopes.set(key, scope);
  const wait = scope.startedAt + rebuildMs() - now;
  if (wait <= 0) return build(ctx, registry, key, scope);
  scope.timer = setTimeout(() => {
    scope.timer = undefined;
    build(ctx, registry, key, scope);
  }, wait);
  scope.timer.unref();
}

function parseStem(tsquery: string): Stem {
  if (tsquery === "") return null;
  const match = /^'((?:[^'\\]|'')+)'(:\*)?$/.exec(tsquery);
  return match ? { lexeme: match[1].replace(/''/g, "'"), prefix: match[2] !== undefined } : false;
}

/** What `to_tsquery('spanish', immutable_unaccent(word))` makes of one typed word; digits stay as typed. */
async function stemOf(db: Db, registry: Registry, word: string, prefix: boolean): Promise<Stem> {
  if (/^[0-9]{1,50}$/.test(word)) return { lexeme: word, prefix };
  const text = `${word}${prefix ? ":*" : ""}`;
  const known = registry.stems.get(text);
  if (known !== undefined) return known;
  const [row] = rowsOf<{ q: string }>(await db.execute(sql`select to_tsquery('spanish', immutable_unaccent(${text}))::text as q`));
  const stem = parseStem(row?.q ?? "");
  if (registry.stems.size >= maxStems) registry.stems.clear();
  registry.stems.set(text, stem);
  return stem;
}

/**
 * The autocomplete answer from the shop's index, or undefined when the SQL autocomplete must answer: the index is not
 * built or not current, the text has OR or a word that is not one lexeme, or nothing matched and the misspelling
 * fallback (trigram similarity, in SQL) applies.
 */
export async function suggestFromIndex(
  ctx: AppContext,
  options: { shop: string; q: string; type: ProductType; limit: number },
): Promise<SearchResult[] | undefined> {
  if (!indexEnabled()) return undefined;
  const registry = registryOf(ctx.db);
  const key = JSON.stringify([options.shop, options.type]);
  const scope: Scope = registry.scopes.get(key) ?? {
    slug: options.shop,
    type: options.type,
    builtAfter: -1,
    building: false,
    startedAt: 0,
    usedAt: 0,
  };
  scope.usedAt = Date.now();
  if (scope.builtAfter !== catalogAnswersForgotten()) {
    scope.index = undefined;
    scheduleBuild(ctx, registry, key, scope);
    return undefined;
  }
  const terms = parseSearchQuery(options.q).terms;
  if (terms.some((term) => term.joiner === "OR")) return undefined;
  const operands: Operand[] = [];
  for (const [position, term] of terms.entries()) {
    const word = lexemeOf(term.text);
    if (!word) continue;
    const stem = await stemOf(ctx.db, registry, word, term.prefix || position === terms.length - 1);
    if (stem === false) return undefined;
    if (stem) operands.push(stem);
  }
  const index = scope.index;
  if (!index || scope.builtAfter !== catalogAnswersForgotten()) return undefined;
  const found = index.search(operands, options.limit);
  if (found.length > 0) {
    return found.map((item) => ({
      id: item.id,
      name: item.name,
      type: options.type,
      owner: item.owner,
      owner_slug: item.ownerSlug,
      currency: item.currency,
      photo: item.photo,
    }));
  }
  // Nothing by full text: the SQL path's misspelling fallback answers, which it skips below three letters.
  return options.q.replace(/\*/g, "").trim().length < 3 ? [] : undefined;
}

/** Resolves when the builds under way have finished (tests wait for an index before asking it). */
export async function autocompleteBuildsSettled(db: Db): Promise<void> {
  const registry = registryOf(db);
  while (registry.builds.size > 0) await Promise.all([...registry.builds]);
}
