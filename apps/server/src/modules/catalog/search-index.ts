import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import { rowsOf } from '../../db/statement.js';
import { TRUSTED_OCCURRENCES } from './catalog.search.js';
import { productItems, products, searchPostings } from './catalog.tables.js';
import { productOnSale } from './product-card.js';

/**
 * Each server process's copy of search_postings, with each product's sold count and whether it
 * is on sale (with a default item, as a search card needs), kept in step through the
 * catalogue_changes notifications of migration 0025. From it a search picks the few products that
 * can be among its first answers (`candidates`), and the database ranks only those: a common
 * word such as "tea" has 20,000 postings at 100,000 products, which the database cannot read
 * and rank within a request's budget, while summing them here takes a millisecond.
 *
 * The copy serves only while it is whole: until it is first read, after the connection that
 * listens is lost (notifications sent meanwhile are gone) and after a category's visibility
 * changes, it is read again from scratch and searches rank in the database meanwhile.
 */

const CHANNEL = 'catalogue_changes';

/** Begins the payload caughtUp sends itself. */
const CAUGHT_UP = 'caught up ';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Products read per statement when the copy is read whole. */
const PAGE_SIZE = 5_000;

/** More changed products than this at once (an import, a seed) read the copy whole instead. */
const MOST_CHANGES_APART = PAGE_SIZE;

interface PostingList {
  /** Product slots, and at the same index the code of each one's share. */
  slots: number[];
  codes: number[];
  /** Each share this list has held: code c stands for shares[c - 1]. Equal shares, equal codes. */
  shares: number[];
  /** The slots whose posting has more than TRUSTED_OCCURRENCES positions, when any has. */
  untrusted?: Set<number>;
}

interface ProductRow {
  id: string;
  sold_count: number;
  on_sale: boolean;
  lexemes: string[] | null;
  shares: number[] | null;
  /** Its lexemes with more than TRUSTED_OCCURRENCES positions. */
  untrusted?: string[];
}

/** The lexemes of a search, as catalog.search.ts's wordQueries gives them. */
export interface IndexQuery {
  lexemes: string[];
  /**
   * Per typed word, its candidates as masks of the lexemes they need (bit i for lexemes[i]):
   * a product matches the word when it has every lexeme of one of them.
   */
  words: number[][];
  /** How far a summed rank may be from the database's float4 one. */
  rounding: number;
}

class Postings {
  // Per slot: the product's id and the lists holding its postings.
  private readonly ids: string[] = [];
  private readonly listsOf: PostingList[][] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private readonly lists = new Map<string, PostingList>();
  // Per slot, what a search reads of every product it meets, and the search's own sums: its
  // shares, the lexemes it has (bit i for the search's lexeme i), its profile and postings.
  private soldCounts = new Int32Array(1024);
  private onSale = new Uint8Array(1024);
  private seenBy = new Int32Array(1024);
  private sums = new Float64Array(1024);
  private masks = new Int32Array(1024);
  private profiles = new Float64Array(1024);
  private counts = new Int32Array(1024);
  // The slots a search met, their summed ranks, and room to select among those.
  private met = new Int32Array(1024);
  private ranks = new Float64Array(1024);
  private selecting = new Float64Array(1024);
  private searches = 0;

  get size(): number {
    return this.slotOf.size;
  }

  put(row: ProductRow): void {
    this.remove(row.id);
    const slot = this.freeSlots.pop() ?? this.ids.length;
    this.makeRoom(slot);
    const lists = (row.lexemes ?? []).map((lexeme, index) => {
      let list = this.lists.get(lexeme);
      if (!list) {
        list = { slots: [], codes: [], shares: [] };
        this.lists.set(lexeme, list);
      }
      // The exact float4 value, as the database sums it (share::float8).
      const share = Math.fround(Number(row.shares?.[index]));
      let code = list.shares.indexOf(share) + 1;
      if (code === 0) code = list.shares.push(share);
      list.slots.push(slot);
      list.codes.push(code);
      if (row.untrusted?.includes(lexeme)) {
        list.untrusted ??= new Set();
        list.untrusted.add(slot);
      }
      return list;
    });
    this.ids[slot] = row.id;
    this.listsOf[slot] = lists;
    this.soldCounts[slot] = row.sold_count;
    this.onSale[slot] = row.on_sale ? 1 : 0;
    this.slotOf.set(row.id, slot);
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    for (const list of this.listsOf[slot] ?? []) {
      const at = list.slots.indexOf(slot);
      list.slots[at] = list.slots.at(-1) as number;
      list.codes[at] = list.codes.at(-1) as number;
      list.slots.pop();
      list.codes.pop();
      list.untrusted?.delete(slot);
    }
    this.listsOf[slot] = [];
    this.onSale[slot] = 0;
    this.slotOf.delete(id);
    this.freeSlots.push(slot);
  }

  /**
   * Gives each list's arrays their exact length: an array grown by push keeps room for 16 more,
   * which for the many lexemes of one product (codes, names) is most of the copy's memory.
   */
  compact(): void {
    for (const list of this.lists.values()) {
      list.slots = list.slots.slice();
      list.codes = list.codes.slice();
      list.shares = list.shares.slice();
    }
  }

  /** The k-th largest of the first `count` summed ranks, selected in a copy. */
  private kthRank(count: number, k: number): number {
    const selecting = this.selecting.subarray(0, count);
    selecting.set(this.ranks.subarray(0, count));
    return kthLargest(selecting, k);
  }

  private makeRoom(slot: number): void {
    if (slot < this.onSale.length) return;
    const size = Math.max(slot + 1, this.onSale.length * 2);
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(old: T, fresh: T): T => {
      fresh.set(old);
      return fresh;
    };
    this.soldCounts = grown(this.soldCounts, new Int32Array(size));
    this.onSale = grown(this.onSale, new Uint8Array(size));
    this.seenBy = grown(this.seenBy, new Int32Array(size));
    this.sums = new Float64Array(size);
    this.masks = new Int32Array(size);
    this.profiles = new Float64Array(size);
    this.counts = new Int32Array(size);
    this.met = new Int32Array(size);
    this.ranks = new Float64Array(size);
    this.selecting = new Float64Array(size);
  }

  /**
   * The products that can be among the first `limit` of the ranking rankFromProducts gives (by
   * rank, then sold count, name and id), or undefined when a posting is untrusted. The rank is
   * words matched plus ts_rank, and ts_rank of the search's OR query is the sum of its lexemes'
   * shares over their number; summed here in float8 it is within `rounding` of the database's.
   * Products with the same shares of the same lexemes (a "profile", numbered from the lists'
   * share codes) have the same rank exactly. With c the rank at which `limit` products are
   * reached, a product is left out when
   * - its summed rank is below c by more than twice the rounding: `limit` products rank above it;
   * - or `limit` products' summed ranks are above its own by more than twice the rounding;
   * - or, with a products so above it, `limit` - a others of its profile sold more.
   * (A product with one share of the search's lexemes has the same rank as any other with that
   * share and as many words, whichever lexeme it is of: those are one profile.)
   * Sold counts are as this copy has them; the database orders the candidates by its own.
   */
  candidates({ lexemes, words, rounding }: IndexQuery, limit: number): string[] | undefined {
    // Which lexemes a product has is a mask of 30 bits at most.
    if (lexemes.length > 30) return undefined;
    const lists = lexemes.map((lexeme) => this.lists.get(lexeme));
    if (lists.some((list) => (list?.untrusted?.size ?? 0) > 0)) return undefined;
    // A profile is one number: digit i (in base its list's number of codes + 1) is the code of
    // the product's share of lexeme i, 0 without one.
    let radix = 1;
    const radices = lists.map((list) => {
      const own = radix;
      radix *= (list?.shares.length ?? 0) + 1;
      return own;
    });
    if (radix > Number.MAX_SAFE_INTEGER) return undefined;

    if (this.searches === 2 ** 31 - 1) {
      this.searches = 0;
      this.seenBy.fill(0);
    }
    const search = ++this.searches;
    const { onSale, seenBy, sums, masks, profiles, counts, met, ranks } = this;
    let metCount = 0;
    for (let index = 0; index < lists.length; index++) {
      const list = lists[index];
      if (!list) continue;
      const mask = 1 << index;
      const radixOf = radices[index] as number;
      const { slots, codes, shares } = list;
      for (let at = 0; at < slots.length; at++) {
        const slot = slots[at] as number;
        if (onSale[slot] === 0) continue;
        const code = codes[at] as number;
        const share = shares[code - 1] as number;
        if (seenBy[slot] === search) {
          sums[slot] = (sums[slot] as number) + share;
          masks[slot] = (masks[slot] as number) | mask;
          profiles[slot] = (profiles[slot] as number) + code * radixOf;
          counts[slot] = (counts[slot] as number) + 1;
        } else {
          seenBy[slot] = search;
          sums[slot] = share;
          masks[slot] = mask;
          profiles[slot] = code * radixOf;
          counts[slot] = 1;
          met[metCount++] = slot;
        }
      }
    }

    const n = lexemes.length;
    const wordsOf = new Map<number, number>();
    const matchedWords = (present: number): number => {
      let matched = wordsOf.get(present);
      if (matched === undefined) {
        matched = words.filter((candidates) =>
          candidates.some((needed) => (needed & present) === needed),
        ).length;
        wordsOf.set(present, matched);
      }
      return matched;
    };
    // A product with only some lexemes of a candidate matches no word, so not the search.
    let matching = 0;
    for (let at = 0; at < metCount; at++) {
      const slot = met[at] as number;
      const matched = matchedWords(masks[slot] as number);
      if (matched === 0) continue;
      met[matching] = slot;
      ranks[matching] = matched + (sums[slot] as number) / n;
      matching += 1;
    }
    metCount = matching;
    const window = 2 * rounding;
    const floor =
      metCount > limit ? this.kthRank(metCount, limit) - window : Number.NEGATIVE_INFINITY;
    // One share alone makes the same rank whichever lexeme it is of (ts_rank adds it to 0 and
    // divides by n), and with as many words the same summed rank, which no other single share
    // and words make: such products are grouped by their summed rank.
    type Group = { rank: number; slots: number[] };
    const byProfile = new Map<number, Group>();
    const alone = new Map<number, Group>();
    for (let at = 0; at < metCount; at++) {
      const rank = ranks[at] as number;
      if (rank < floor) continue;
      const slot = met[at] as number;
      const [within, key] =
        counts[slot] === 1 ? [alone, rank] : [byProfile, profiles[slot] as number];
      const group = within.get(key);
      if (group) group.slots.push(slot);
      else within.set(key, { rank, slots: [slot] });
    }
    const chosen: string[] = [];
    const sold = this.soldCounts;
    // Every rank above a group's by more than the window is above the floor too, so in a group.
    const ranked = [...byProfile.values(), ...alone.values()].sort((a, b) => b.rank - a.rank);
    let higher = 0;
    let passed = 0;
    for (const group of ranked) {
      while (passed < ranked.length && (ranked[passed] as Group).rank > group.rank + window) {
        higher += (ranked[passed] as Group).slots.length;
        passed += 1;
      }
      const room = limit - higher;
      if (room <= 0) continue;
      const { slots } = group;
      let leastSold = Number.NEGATIVE_INFINITY;
      if (slots.length > room) {
        const selecting = this.selecting.subarray(0, slots.length);
        for (let at = 0; at < slots.length; at++)
          selecting[at] = sold[slots[at] as number] as number;
        leastSold = kthLargest(selecting, room);
      }
      for (const slot of slots) {
        if ((sold[slot] as number) >= leastSold) chosen.push(this.ids[slot] as string);
      }
    }
    return chosen;
  }
}

/** The k-th largest value (k from 1), by quickselect; reorders `values`. */
function kthLargest(values: Float64Array, k: number): number {
  const target = values.length - k;
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1] as number;
    let left = low;
    let right = high;
    while (left <= right) {
      while ((values[left] as number) < pivot) left++;
      while ((values[right] as number) > pivot) right--;
      if (left <= right) {
        const swap = values[left] as number;
        values[left] = values[right] as number;
        values[right] = swap;
        left++;
        right--;
      }
    }
    if (target <= right) high = right;
    else if (target >= left) low = left;
    else break;
  }
  return values[target] as number;
}

export class SearchIndex {
  private postings: Postings | undefined;
  private readonly changed = new Set<string>();
  private wholeReadWanted = false;
  private working: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private stopped = false;
  private readonly markers = new Map<string, () => void>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Listens for changes and reads the copy; searches rank in the database until it is read. */
  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => this.onChange(payload),
      () => this.onChange('*'),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.unlisten?.();
    await this.working;
  }

  /** Whether the copy is whole and every change it was told of is read. */
  get current(): boolean {
    return this.postings !== undefined && this.working === undefined;
  }

  /** Resolves once every change told of so far is read (for tests). */
  async settled(): Promise<void> {
    while (this.working) await this.working;
  }

  /**
   * See Postings.candidates; undefined while the copy is not whole or a change it was told of is
   * still being read (on PGlite a write's notification arrives with its answer, so a search
   * after it in this process never misses it).
   */
  candidates(query: IndexQuery, limit: number): string[] | undefined {
    return this.current ? this.postings?.candidates(query, limit) : undefined;
  }

  /**
   * Resolves once every change committed before the call is in the copy: notifications arrive in
   * commit order, so one sent now arrives after theirs. For tests, which read what they wrote.
   */
  async caughtUp(): Promise<void> {
    const marker = `${CAUGHT_UP}${randomUUID()}`;
    const heard = new Promise<void>((resolve) => this.markers.set(marker, resolve));
    await this.database.db.execute(sql`select pg_notify(${CHANNEL}, ${marker})`);
    await heard;
    await this.settled();
  }

  private onChange(payload: string): void {
    if (payload.startsWith(CAUGHT_UP)) {
      this.markers.get(payload)?.();
      this.markers.delete(payload);
      return;
    }
    if (this.stopped) return;
    if (payload === '*') {
      this.wholeReadWanted = true;
      this.postings = undefined;
    } else if (UUID.test(payload)) {
      this.changed.add(payload);
    } else {
      this.log.warn({ payload }, 'a catalogue change that names no product was ignored');
      return;
    }
    this.startWork();
  }

  private startWork(): void {
    if (this.working) return;
    this.working = this.work().finally(() => {
      this.working = undefined;
      if (!this.stopped && (this.wholeReadWanted || this.changed.size > 0)) this.startWork();
    });
  }

  /** Reads what changed, one read at a time, so that a later change is never overwritten. */
  private async work(): Promise<void> {
    try {
      while (!this.stopped && (this.wholeReadWanted || this.changed.size > 0)) {
        if (this.wholeReadWanted || this.changed.size > MOST_CHANGES_APART || !this.postings) {
          this.wholeReadWanted = false;
          this.changed.clear();
          this.postings = undefined;
          this.postings = await this.readWhole();
        } else {
          const ids = [...this.changed];
          this.changed.clear();
          const rows = await this.readProducts(sql`${products.id} = any(${uuidArray(ids)})`);
          const postings = this.postings;
          for (const id of ids) postings.remove(id);
          for (const row of rows) postings.put(row);
        }
      }
    } catch (error) {
      // The database will say why; searches rank there until a later change or reconnection
      // asks for the copy again.
      this.postings = undefined;
      this.wholeReadWanted = false;
      this.changed.clear();
      this.log.error({ err: error }, 'reading the search index failed');
    }
  }

  private async readWhole(): Promise<Postings> {
    const started = performance.now();
    const postings = new Postings();
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await this.readProducts(sql`${products.id} > ${after}`, PAGE_SIZE);
      for (const row of rows) postings.put(row);
      const last = rows.at(-1);
      if (!last || rows.length < PAGE_SIZE || this.stopped) break;
      after = last.id;
    }
    postings.compact();
    this.log.info(
      { products: postings.size, ms: Math.round(performance.now() - started) },
      'search index read',
    );
    return postings;
  }

  /**
   * The products `which` names, in id order. Both aggregates read the postings in the order of
   * the same index scan (by product and lexeme), so their arrays pair up; positions are read
   * apart, from the small index of postings with many.
   */
  private async readProducts(which: SQL, limit?: number): Promise<ProductRow[]> {
    const { db } = this.database;
    const rows = rowsOf<ProductRow>(
      await db.execute(sql`
        select ${products.id} as id, ${products.soldCount} as sold_count,
          ${productOnSale} and exists (
            select from ${productItems}
            where ${productItems.productId} = ${products.id} and ${productItems.isDefault}
          ) as on_sale,
          postings.lexemes, postings.shares
        from ${products}
        left join lateral (
          select array_agg(${searchPostings.lexeme}) as lexemes,
            array_agg(${searchPostings.share}) as shares
          from ${searchPostings}
          where ${searchPostings.productId} = ${products.id}
        ) postings on true
        where ${which}
        order by ${products.id}
        ${limit === undefined ? sql`` : sql`limit ${limit}`}`),
    );
    const first = rows[0];
    const last = rows.at(-1);
    if (!first || !last) return rows;
    const untrusted = rowsOf<{ product_id: string; lexeme: string }>(
      await db.execute(sql`
        select ${searchPostings.productId} as product_id, ${searchPostings.lexeme} as lexeme
        from ${searchPostings}
        where ${searchPostings.occurrences} > ${sql.raw(String(TRUSTED_OCCURRENCES))}
          and ${searchPostings.productId} between ${first.id} and ${last.id}`),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { product_id, lexeme } of untrusted) {
      const row = byId.get(product_id);
      if (row) (row.untrusted ??= []).push(lexeme);
    }
    return rows;
  }
}

/** One array parameter, so the statement is the same however many ids. */
function uuidArray(ids: string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}
