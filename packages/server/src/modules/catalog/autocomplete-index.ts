/**
 * The in-memory autocomplete index of one shop scope and item type (pure: no I/O). It holds each item's full-text
 * document as PostgreSQL stored it (`products.search`, read as tsvector text), so it matches and ranks as the SQL
 * autocomplete does: every operand must match (the last one usually as a prefix), and the order is `ts_rank` with the
 * document's weights (emulated in single precision, as PostgreSQL computes it), then queue_position, then id.
 *
 * Layout (arrays, not objects, so 100,000 items stay compact): a sorted lexicon; for each lexeme its postings (item
 * numbers ascending, with the lexeme's precomputed contribution to a one-operand rank); for each item its entries
 * (lexeme numbers ascending, as in the tsvector) with their positions and weights, for ranking several operands.
 */

export interface IndexedItem {
  id: string;
  name: string;
  owner: string;
  ownerSlug: string;
  currency: string;
  photo: string | null;
  queuePosition: number;
}

/** A stemmed term of the typed text, as `to_tsquery('spanish', ...)` produced it. */
export interface Operand {
  lexeme: string;
  prefix: boolean;
}

/** ts_rank's default weights, D, C, B, A (float4). */
const weights = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), 1];
const maxAnswers = 500;
/** Items laid out between two pauses of `finish`. */
const pauseEvery = 20_000;
const weightOfLetter: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const tsvectorEntry = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;

/** Parses tsvector text (`'barr':3A 'negr':4A,9B 'taz':1A`) into lexemes with positions encoded as pos << 2 | weight. */
export function parseTsvector(text: string): { lexeme: string; positions: number[] }[] {
  const entries: { lexeme: string; positions: number[] }[] = [];
  for (const [, quoted, list] of text.matchAll(tsvectorEntry)) {
    const lexeme = quoted.includes("'") || quoted.includes("\\") ? quoted.replace(/''|\\(.)/g, (pair, escaped) => escaped ?? "'") : quoted;
    const positions: number[] = [];
    for (const position of list ? list.split(",") : []) {
      const weight = weightOfLetter[position.at(-1) as string] ?? 0;
      positions.push((Number.parseInt(position, 10) << 2) | weight);
    }
    // A lexeme without positions ranks as one weight-D occurrence at the last position (ts_rank's POSNULL).
    if (positions.length === 0) positions.push(16383 << 2);
    entries.push({ lexeme, positions });
  }
  return entries;
}

const weightOf = (encoded: number) => weights[encoded & 3];

/** One matched lexeme's share of ts_rank for a one-operand query (calc_rank_or's term, before the sum). */
function orTerm(positions: ArrayLike<number>, from: number, to: number): number {
  if (to - from === 1) return weightOf(positions[from]) / 1.64493406685;
  let sum = 0;
  let heaviest = -1;
  let heaviestAt = 0;
  for (let j = from; j < to; j += 1) {
    const weight = weightOf(positions[j]);
    const square = (j - from + 1) * (j - from + 1);
    sum = Math.fround(sum + Math.fround(weight / square));
    if (weight > heaviest) {
      heaviest = weight;
      heaviestAt = j - from;
    }
  }
  const square = (heaviestAt + 1) * (heaviestAt + 1);
  return Math.fround(Math.fround(heaviest + sum) - Math.fround(heaviest / square)) / 1.64493406685;
}

/** ts_rank's word_distance (float4). */
function wordDistance(distance: number): number {
  if (distance > 100) return Math.fround(1e-30);
  return Math.fround(1.0 / (1.005 + 0.05 * Math.exp(distance / 1.5 - 2)));
}

export class AutocompleteIndex {
  private readonly accumulated: Float32Array;
  private readonly seen: Uint32Array;
  private readonly touched: Int32Array;
  private round = 0;
  private readonly answers = new Map<string, IndexedItem[]>();

  constructor(
    private readonly items: IndexedItem[],
    private readonly lexicon: string[],
    private readonly postingStart: Int32Array,
    private readonly postingItem: Int32Array,
    private readonly postingScore: Float64Array,
    private readonly entryStart: Int32Array,
    private readonly entryLexeme: Int32Array,
    private readonly positionStart: Int32Array,
    private readonly positions: Uint16Array,
  ) {
    this.accumulated = new Float32Array(items.length);
    this.seen = new Uint32Array(items.length);
    this.touched = new Int32Array(items.length);
  }

  get size(): number {
    return this.items.length;
  }

  /** Bytes held by the typed arrays (the items' strings and the lexicon come on top). */
  get arrayBytes(): number {
    return [this.postingStart, this.postingItem, this.postingScore, this.entryStart, this.entryLexeme, this.positionStart, this.positions]
      .map((array) => array.byteLength)
      .reduce((sum, bytes) => sum + bytes, this.accumulated.byteLength + this.seen.byteLength + this.touched.byteLength);
  }

  /** The lexicon numbers [from, to) an operand matches: one lexeme, or every lexeme it begins when a prefix. */
  private rangeOf(operand: Operand): [number, number] {
    let low = 0;
    let high = this.lexicon.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.lexicon[middle] < operand.lexeme) low = middle + 1;
      else high = middle;
    }
    if (!operand.prefix) return [low, this.lexicon[low] === operand.lexeme ? low + 1 : low];
    let end = low;
    high = this.lexicon.length;
    while (end < high) {
      const middle = (end + high) >> 1;
      if (this.lexicon[middle].startsWith(operand.lexeme)) end = middle + 1;
      else high = middle;
    }
    return [low, end];
  }

  private nextRound(): number {
    this.round += 1;
    if (this.round === 0xffffffff) {
      this.seen.fill(0);
      this.round = 1;
    }
    return this.round;
  }

  private hasPosting(lexeme: number, item: number): boolean {
    let low = this.postingStart[lexeme];
    let high = this.postingStart[lexeme + 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      const value = this.postingItem[middle];
      if (value === item) return true;
      if (value < item) low = middle + 1;
      else high = middle;
    }
    return false;
  }

  /** Items whose document matches every operand (AND), intersected from the operand with the fewest postings. */
  private matching(ranges: [number, number][]): number[] {
    const sized = ranges
      .map((range) => ({ range, postings: this.postingStart[range[1]] - this.postingStart[range[0]] }))
      .sort((a, b) => a.postings - b.postings);
    let round = this.nextRound();
    let candidates: number[] = [];
    const [first, end] = sized[0].range;
    for (let posting = this.postingStart[first]; posting < this.postingStart[end]; posting += 1) {
      const item = this.postingItem[posting];
      if (this.seen[item] === round) continue;
      this.seen[item] = round;
      candidates.push(item);
    }
    for (const { range, postings } of sized.slice(1)) {
      if (candidates.length === 0) break;
      const [from, to] = range;
      if (candidates.length * (to - from) * 20 < postings) {
        candidates = candidates.filter((item) => {
          for (let lexeme = from; lexeme < to; lexeme += 1) if (this.hasPosting(lexeme, item)) return true;
          return false;
        });
        continue;
      }
      round = this.nextRound();
      for (let posting = this.postingStart[from]; posting < this.postingStart[to]; posting += 1)
        this.seen[this.postingItem[posting]] = round;
      candidates = candidates.filter((item) => this.seen[item] === round);
    }
    return candidates;
  }

  /** ts_rank of an item for two or more distinct operands (calc_rank_and), operands in lexeme order. */
  private rankAnd(item: number, ranges: [number, number][]): number {
    let rank = -1;
    const chosen: number[] = ranges.map(() => -1);
    for (let i = 0; i < ranges.length; i += 1) {
      const [from, to] = ranges[i];
      for (let entry = this.entryStart[item]; entry < this.entryStart[item + 1]; entry += 1) {
        const lexeme = this.entryLexeme[entry];
        if (lexeme < from || lexeme >= to) continue;
        chosen[i] = entry;
        for (let k = 0; k < i; k += 1) {
          const other = chosen[k];
          if (other < 0) continue;
          for (let l = this.positionStart[entry]; l < this.positionStart[entry + 1]; l += 1) {
            for (let p = this.positionStart[other]; p < this.positionStart[other + 1]; p += 1) {
              const distance = Math.abs((this.positions[l] >> 2) - (this.positions[p] >> 2));
              if (distance === 0) continue;
              const product = Math.fround(Math.fround(weightOf(this.positions[l]) * weightOf(this.positions[p])) * wordDistance(distance));
              const weight = Math.fround(Math.sqrt(product));
              rank = rank < 0 ? weight : Math.fround(1.0 - (1.0 - rank) * (1.0 - weight));
            }
          }
        }
      }
    }
    return rank < 0 ? Math.fround(1e-20) : rank;
  }

  /**
   * The first `limit` items matching every operand, best first: ts_rank descending, then queue_position, then id (the
   * item numbers follow queue_position and id, so ties go to the lower number). Operands are what
   * `to_tsquery('spanish', ...)` made of the typed words (stop words already dropped). Answers are kept per operands.
   */
  search(operands: Operand[], limit: number): IndexedItem[] {
    if (operands.length === 0 || this.items.length === 0) return [];
    // ts_rank sorts its operands by lexeme and drops repeated ones (SortAndUniqItems).
    const distinct = [...new Map(operands.map((operand) => [operand.lexeme, operand])).values()].sort((a, b) =>
      compare(a.lexeme, b.lexeme),
    );
    const key = `${limit} ${distinct.map((operand) => `${operand.lexeme}${operand.prefix ? "*" : ""}`).join(" ")}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    const ranges = distinct.map((operand) => this.rangeOf(operand));
    const found = ranges.some(([from, to]) => from === to) ? [] : this.ranked(ranges, limit).map((item) => this.items[item]);
    if (this.answers.size >= maxAnswers) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, found);
    return found;
  }

  private ranked(ranges: [number, number][], limit: number): number[] {
    const top = new Int32Array(limit);
    const topRank = new Float64Array(limit);
    let count = 0;
    const offer = (item: number, rank: number) => {
      if (count === limit && (rank < topRank[limit - 1] || (rank === topRank[limit - 1] && item > top[limit - 1]))) return;
      let at = count === limit ? limit - 1 : count++;
      while (at > 0 && (rank > topRank[at - 1] || (rank === topRank[at - 1] && item < top[at - 1]))) {
        top[at] = top[at - 1];
        topRank[at] = topRank[at - 1];
        at -= 1;
      }
      top[at] = item;
      topRank[at] = rank;
    };
    if (ranges.length === 1) {
      const [from, to] = ranges[0];
      const round = this.nextRound();
      let touched = 0;
      for (let posting = this.postingStart[from]; posting < this.postingStart[to]; posting += 1) {
        const item = this.postingItem[posting];
        if (this.seen[item] !== round) {
          this.seen[item] = round;
          this.accumulated[item] = 0;
          this.touched[touched++] = item;
        }
        this.accumulated[item] = this.accumulated[item] + this.postingScore[posting];
      }
      for (let at = 0; at < touched; at += 1) offer(this.touched[at], this.accumulated[this.touched[at]]);
    } else {
      for (const item of this.matching(ranges)) offer(item, this.rankAnd(item, ranges));
    }
    return Array.from(top.subarray(0, count));
  }
}

/** Collects items one at a time (as they are read in batches) and lays them out once at the end. */
export class AutocompleteIndexBuilder {
  private readonly items: IndexedItem[] = [];
  private readonly lexemeNumbers = new Map<string, number>();
  private readonly entryStart: number[] = [0];
  private readonly entryLexeme: number[] = [];
  private readonly positionStart: number[] = [0];
  private readonly positions: number[] = [];
  private readonly shared = new Map<string, string>();

  /** One copy of each owner, owner slug and currency (the driver gives each row its own). */
  private intern(text: string): string {
    const known = this.shared.get(text);
    if (known !== undefined) return known;
    this.shared.set(text, text);
    return text;
  }

  /** `search` is the item's tsvector as text (`products.search::text`). */
  add(item: IndexedItem, search: string): void {
    const [owner, ownerSlug, currency] = [item.owner, item.ownerSlug, item.currency].map((text) => this.intern(text));
    this.items.push({ ...item, owner, ownerSlug, currency });
    for (const { lexeme, positions } of parseTsvector(search)) {
      let number = this.lexemeNumbers.get(lexeme);
      if (number === undefined) {
        number = this.lexemeNumbers.size;
        this.lexemeNumbers.set(lexeme, number);
      }
      this.entryLexeme.push(number);
      for (const position of positions) this.positions.push(position);
      this.positionStart.push(this.positions.length);
    }
    this.entryStart.push(this.entryLexeme.length);
  }

  /**
   * Numbers the items in queue_position and id order (the rank's tie-break) and lays out lexicon and postings, calling
   * `pause` between steps so that a caller can let other work run (each step takes tens of milliseconds at 100,000 items).
   */
  async finish(pause: () => Promise<void> = async () => {}): Promise<AutocompleteIndex> {
    // The default sort compares UTF-16 code units, as `compare` does, and faster.
    const lexicon = [...this.lexemeNumbers.keys()].sort();
    const sortedNumber = new Int32Array(lexicon.length);
    for (const [index, lexeme] of lexicon.entries()) sortedNumber[this.lexemeNumbers.get(lexeme) as number] = index;
    await pause();
    const queue = Int32Array.from(this.items, (item) => item.queuePosition);
    const ids = this.items.map((item) => item.id);
    const order = this.items.map((_, index) => index);
    // By id, then (stable) by queue position: items arrive in runs already ordered by id, which the first sort keeps cheap.
    order.sort((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0));
    await pause();
    order.sort((a, b) => queue[a] - queue[b]);
    await pause();
    const entries = this.entryLexeme.length;
    const entryStart = new Int32Array(this.items.length + 1);
    const entryLexeme = new Int32Array(entries);
    const positionStart = new Int32Array(entries + 1);
    const positions = new Uint16Array(this.positions.length);
    let entry = 0;
    for (const [item, old] of order.entries()) {
      if (item % pauseEvery === 0) await pause();
      for (let from = this.entryStart[old]; from < this.entryStart[old + 1]; from += 1) {
        entryLexeme[entry] = sortedNumber[this.entryLexeme[from]];
        let at = positionStart[entry];
        for (let position = this.positionStart[from]; position < this.positionStart[from + 1]; position += 1)
          positions[at++] = this.positions[position];
        positionStart[entry + 1] = at;
        entry += 1;
      }
      entryStart[item + 1] = entry;
    }
    await pause();
    const postingStart = new Int32Array(lexicon.length + 1);
    for (let at = 0; at < entries; at += 1) postingStart[entryLexeme[at] + 1] += 1;
    for (let lexeme = 0; lexeme < lexicon.length; lexeme += 1) postingStart[lexeme + 1] += postingStart[lexeme];
    const filled = postingStart.slice(0, lexicon.length);
    const postingItem = new Int32Array(entries);
    const postingScore = new Float64Array(entries);
    for (let item = 0; item < order.length; item += 1) {
      if (item % pauseEvery === 0) await pause();
      for (let at = entryStart[item]; at < entryStart[item + 1]; at += 1) {
        const slot = filled[entryLexeme[at]]++;
        postingItem[slot] = item;
        postingScore[slot] = orTerm(positions, positionStart[at], positionStart[at + 1]);
      }
    }
    return new AutocompleteIndex(
      order.map((old) => this.items[old]),
      lexicon,
      postingStart,
      postingItem,
      postingScore,
      entryStart,
      entryLexeme,
      positionStart,
      positions,
    );
  }
}
