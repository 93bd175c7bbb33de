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

/** A column of Regions: the index's numbers, kept outside the JavaScript heap. */
type Column = Int32Array | Uint16Array | Float64Array;

/**
 * Lists of numbers for many owners (a lexeme's postings, a product's lexemes) in shared typed
 * arrays, one region of them per owner: 100,000 products have 100,000 lexemes, most of them a
 * code or a name with one posting, and an array or object of their own each was most of the
 * copy's memory. A list that outgrows its region moves to a twice as large one at the end; the
 * room left behind is taken back when the arrays are full, by packing every region anew.
 */
class Regions {
  private starts = new Int32Array(1024);
  private lengths = new Int32Array(1024);
  private capacities = new Int32Array(1024);
  private owners = 0;
  /** Where the next region begins, and how much before it no region holds. */
  private end = 0;
  private unused = 0;

  constructor(public columns: Column[]) {}

  start(owner: number): number {
    return owner < this.owners ? (this.starts[owner] as number) : 0;
  }

  length(owner: number): number {
    return owner < this.owners ? (this.lengths[owner] as number) : 0;
  }

  /** Makes room for `capacity` values of a list that has none. */
  reserve(owner: number, capacity: number): void {
    this.own(owner);
    if (this.lengths[owner] === 0) this.move(owner, capacity);
  }

  /** Adds `first` (and `second`, for a second column) to the owner's list. */
  append(owner: number, first: number, second = 0): void {
    this.own(owner);
    const length = this.lengths[owner] as number;
    if (length === this.capacities[owner]) this.move(owner, Math.max(1, 2 * length));
    const at = (this.starts[owner] as number) + length;
    (this.columns[0] as Column)[at] = first;
    const column = this.columns[1];
    if (column) {
      // A lexeme with more than 65,535 different shares is not in any catalogue seen, but
      // would still be counted right.
      if (second > 0xffff && column instanceof Uint16Array) {
        this.columns[1] = Int32Array.from(column);
      }
      (this.columns[1] as Column)[at] = second;
    }
    this.lengths[owner] = length + 1;
  }

  /** Removes the value at index `at` of the columns, moving the owner's last one there. */
  removeAt(owner: number, at: number): void {
    const last = (this.starts[owner] as number) + (this.lengths[owner] as number) - 1;
    for (const column of this.columns) column[at] = column[last] as number;
    this.lengths[owner] = (this.lengths[owner] as number) - 1;
  }

  clear(owner: number): void {
    if (owner >= this.owners) return;
    this.unused += this.capacities[owner] as number;
    this.lengths[owner] = 0;
    this.capacities[owner] = 0;
  }

  /** Packs every region to its exact length, leaving no room unused. */
  compact(): void {
    this.pack(0);
  }

  private own(owner: number): void {
    if (owner < this.owners) return;
    if (owner >= this.starts.length) {
      const size = Math.max(owner + 1, 2 * this.starts.length);
      const grown = (old: Int32Array) => {
        const fresh = new Int32Array(size);
        fresh.set(old);
        return fresh;
      };
      this.starts = grown(this.starts);
      this.lengths = grown(this.lengths);
      this.capacities = grown(this.capacities);
    }
    this.owners = owner + 1;
  }

  private move(owner: number, capacity: number): void {
    const size = (this.columns[0] as Column).length;
    // Packing copies every region, so it leaves as much room again as the regions hold.
    if (this.end + capacity > size) this.pack(Math.max(capacity, this.end - this.unused));
    const start = this.starts[owner] as number;
    const length = this.lengths[owner] as number;
    for (const column of this.columns) column.copyWithin(this.end, start, start + length);
    this.unused += this.capacities[owner] as number;
    this.starts[owner] = this.end;
    this.capacities[owner] = capacity;
    this.end += capacity;
  }

  /** Copies every region to fresh arrays, each exactly as long as its list, with `room` after. */
  private pack(room: number): void {
    let used = 0;
    for (let owner = 0; owner < this.owners; owner++) used += this.lengths[owner] as number;
    const columns = this.columns.map((column) => {
      const Type = column.constructor as new (size: number) => Column;
      return new Type(used + room);
    });
    let end = 0;
    for (let owner = 0; owner < this.owners; owner++) {
      const start = this.starts[owner] as number;
      const length = this.lengths[owner] as number;
      for (let index = 0; index < columns.length; index++) {
        const from = this.columns[index] as Column;
        const to = columns[index] as Column;
        for (let at = 0; at < length; at++) to[end + at] = from[start + at] as number;
      }
      this.starts[owner] = end;
      this.capacities[owner] = length;
      end += length;
    }
    this.columns = columns;
    this.end = end;
    this.unused = 0;
  }
}

/**
 * The product id (a UUID) of each slot, as four 32-bit words, and the slot of an id through a
 * hash table of slots (open addressing, linear probing): no string or map entry per product.
 */
class SlotIds {
  private words = new Uint32Array(4 * 1024);
  /** Slot + 1 per entry, 0 where none. */
  private table = new Int32Array(2048);
  private count = 0;
  private readonly asked = new Uint32Array(4);

  get size(): number {
    return this.count;
  }

  slotOf(id: string): number | undefined {
    parseUuid(id, this.asked, 0);
    const { table, words, asked } = this;
    const mask = table.length - 1;
    for (let at = this.hashOf(asked, 0); table[at] !== 0; at = (at + 1) & mask) {
      const slot = (table[at] as number) - 1;
      const word = 4 * slot;
      if (
        words[word] === asked[0] &&
        words[word + 1] === asked[1] &&
        words[word + 2] === asked[2] &&
        words[word + 3] === asked[3]
      ) {
        return slot;
      }
    }
    return undefined;
  }

  /** Gives `slot` the id, which no slot has. */
  set(slot: number, id: string): void {
    if (4 * slot + 4 > this.words.length) {
      const words = new Uint32Array(Math.max(4 * slot + 4, 2 * this.words.length));
      words.set(this.words);
      this.words = words;
    }
    parseUuid(id, this.words, 4 * slot);
    if (2 * (this.count + 1) > this.table.length) this.rehash(2 * this.table.length);
    this.place(slot);
    this.count += 1;
  }

  delete(slot: number): void {
    const { table } = this;
    const mask = table.length - 1;
    let hole = this.hashOf(this.words, 4 * slot);
    while (table[hole] !== slot + 1) hole = (hole + 1) & mask;
    // Entries after the hole that could not sit where their hash points move back into it.
    for (let at = (hole + 1) & mask; table[at] !== 0; at = (at + 1) & mask) {
      const home = this.hashOf(this.words, 4 * ((table[at] as number) - 1));
      const homeInRun = hole < at ? home > hole && home <= at : home > hole || home <= at;
      if (!homeInRun) {
        table[hole] = table[at] as number;
        hole = at;
      }
    }
    table[hole] = 0;
    this.count -= 1;
  }

  idOf(slot: number): string {
    let hex = '';
    for (let word = 4 * slot; word < 4 * slot + 4; word++) {
      hex += (this.words[word] as number).toString(16).padStart(8, '0');
    }
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  private place(slot: number): void {
    const { table } = this;
    const mask = table.length - 1;
    let at = this.hashOf(this.words, 4 * slot);
    while (table[at] !== 0) at = (at + 1) & mask;
    table[at] = slot + 1;
  }

  private rehash(size: number): void {
    const old = this.table;
    this.table = new Int32Array(size);
    for (const entry of old) if (entry !== 0) this.place(entry - 1);
  }

  private hashOf(words: Uint32Array, at: number): number {
    let hash = Math.imul((words[at] as number) ^ 0x9e3779b9, 0x85ebca6b);
    hash = Math.imul(hash ^ (words[at + 1] as number), 0xc2b2ae35);
    hash = Math.imul(hash ^ (words[at + 2] as number), 0x27d4eb2f);
    hash = Math.imul(hash ^ (words[at + 3] as number), 0x165667b1);
    hash ^= hash >>> 15;
    return hash & (this.table.length - 1);
  }
}

function parseUuid(id: string, into: Uint32Array, at: number): void {
  const hex = id.replaceAll('-', '');
  for (let word = 0; word < 4; word++) {
    into[at + word] = Number.parseInt(hex.slice(8 * word, 8 * word + 8), 16) >>> 0;
  }
}

class Postings {
  // Each lexeme is numbered once. Per lexeme number, its postings (a product slot, and the code
  // of that posting's share) and the shares it has held: code c stands for its c-th share, equal
  // shares have equal codes. Per slot, the lexeme numbers of its postings, to remove them.
  private readonly terms = new Map<string, number>();
  private readonly postings = new Regions([new Int32Array(0), new Uint16Array(0)]);
  private readonly shares = new Regions([new Float64Array(0)]);
  private readonly termsOf = new Regions([new Int32Array(0)]);
  /** Per lexeme number, the slots whose posting has more than TRUSTED_OCCURRENCES positions. */
  private readonly untrusted = new Map<number, Set<number>>();
  private readonly ids = new SlotIds();
  private readonly freeSlots: number[] = [];
  private slots = 0;
  // Per slot, what a search reads of every product it meets, and the search's own sums: its
  // shares, the lexemes it has (bit i for the search's lexeme i), its profile and postings.
  private soldCounts = new Int32Array(1024);
  private onSale = new Uint8Array(1024);
  private seenBy = new Int32Array(1024);
  private sums = new Float64Array(1024);
  private masks = new Int32Array(1024);
  private profiles = new Float64Array(1024);
  private counts = new Int32Array(1024);
  // The slots a search met, their summed ranks, and room to select among those; the groups of
  // equal rank are lists through `groupLinks` (the previous met entry of the group, -1 at its
  // end), so a common word's thousands of tied products allocate nothing per product.
  private met = new Int32Array(1024);
  private ranks = new Float64Array(1024);
  private selecting = new Float64Array(1024);
  private groupLinks = new Int32Array(1024);
  private searches = 0;

  get size(): number {
    return this.ids.size;
  }

  put(row: ProductRow): void {
    this.remove(row.id);
    const slot = this.freeSlots.pop() ?? this.slots++;
    this.makeRoom(slot);
    this.termsOf.reserve(slot, row.lexemes?.length ?? 0);
    (row.lexemes ?? []).forEach((lexeme, index) => {
      let term = this.terms.get(lexeme);
      if (term === undefined) {
        term = this.terms.size;
        this.terms.set(lexeme, term);
      }
      // The exact float4 value, as the database sums it (share::float8).
      const code = this.codeOf(term, Math.fround(Number(row.shares?.[index])));
      this.postings.append(term, slot, code);
      this.termsOf.append(slot, term);
      if (row.untrusted?.includes(lexeme)) {
        let untrusted = this.untrusted.get(term);
        if (!untrusted) {
          untrusted = new Set();
          this.untrusted.set(term, untrusted);
        }
        untrusted.add(slot);
      }
    });
    this.ids.set(slot, row.id);
    this.soldCounts[slot] = row.sold_count;
    this.onSale[slot] = row.on_sale ? 1 : 0;
  }

  remove(id: string): void {
    const slot = this.ids.slotOf(id);
    if (slot === undefined) return;
    const termsStart = this.termsOf.start(slot);
    const termsEnd = termsStart + this.termsOf.length(slot);
    for (let index = termsStart; index < termsEnd; index++) {
      const term = (this.termsOf.columns[0] as Int32Array)[index] as number;
      const start = this.postings.start(term);
      const slots = (this.postings.columns[0] as Int32Array).subarray(
        start,
        start + this.postings.length(term),
      );
      this.postings.removeAt(term, start + slots.indexOf(slot));
      const untrusted = this.untrusted.get(term);
      untrusted?.delete(slot);
      if (untrusted?.size === 0) this.untrusted.delete(term);
    }
    this.termsOf.clear(slot);
    this.onSale[slot] = 0;
    this.ids.delete(slot);
    this.freeSlots.push(slot);
  }

  /** Packs the postings once the copy is read whole, leaving no room unused. */
  compact(): void {
    this.postings.compact();
    this.shares.compact();
    this.termsOf.compact();
  }

  /** The code of a share among the lexeme's, given one if it has none yet. */
  private codeOf(term: number, share: number): number {
    const start = this.shares.start(term);
    const length = this.shares.length(term);
    const shares = this.shares.columns[0] as Float64Array;
    for (let at = 0; at < length; at++) if (shares[start + at] === share) return at + 1;
    this.shares.append(term, share);
    return length + 1;
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
    this.groupLinks = new Int32Array(size);
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
    const terms = lexemes.map((lexeme) => this.terms.get(lexeme));
    if (terms.some((term) => term !== undefined && this.untrusted.has(term))) return undefined;
    // A profile is one number: digit i (in base its list's number of codes + 1) is the code of
    // the product's share of lexeme i, 0 without one.
    let radix = 1;
    const radices = terms.map((term) => {
      const own = radix;
      radix *= (term === undefined ? 0 : this.shares.length(term)) + 1;
      return own;
    });
    if (radix > Number.MAX_SAFE_INTEGER) return undefined;

    if (this.searches === 2 ** 31 - 1) {
      this.searches = 0;
      this.seenBy.fill(0);
    }
    const search = ++this.searches;
    const { onSale, seenBy, sums, masks, profiles, counts, met, ranks } = this;
    const [slots, codes] = this.postings.columns as [Int32Array, Uint16Array | Int32Array];
    const shares = this.shares.columns[0] as Float64Array;
    let metCount = 0;
    for (let index = 0; index < terms.length; index++) {
      const term = terms[index];
      if (term === undefined) continue;
      const mask = 1 << index;
      const radixOf = radices[index] as number;
      const start = this.postings.start(term);
      const end = start + this.postings.length(term);
      const sharesStart = this.shares.start(term) - 1;
      for (let at = start; at < end; at++) {
        const slot = slots[at] as number;
        if (onSale[slot] === 0) continue;
        const code = codes[at] as number;
        const share = shares[sharesStart + code] as number;
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
    // A group is its rank, its last met entry and its size.
    type Group = { rank: number; last: number; size: number };
    const byProfile = new Map<number, Group>();
    const alone = new Map<number, Group>();
    const { groupLinks } = this;
    for (let at = 0; at < metCount; at++) {
      const rank = ranks[at] as number;
      if (rank < floor) continue;
      const slot = met[at] as number;
      const single = counts[slot] === 1;
      const key = single ? rank : (profiles[slot] as number);
      const group = (single ? alone : byProfile).get(key);
      if (group) {
        groupLinks[at] = group.last;
        group.last = at;
        group.size += 1;
      } else {
        groupLinks[at] = -1;
        (single ? alone : byProfile).set(key, { rank, last: at, size: 1 });
      }
    }
    const chosen: string[] = [];
    const sold = this.soldCounts;
    // Every rank above a group's by more than the window is above the floor too, so in a group.
    const ranked = [...byProfile.values(), ...alone.values()].sort((a, b) => b.rank - a.rank);
    let higher = 0;
    let passed = 0;
    for (const group of ranked) {
      while (passed < ranked.length && (ranked[passed] as Group).rank > group.rank + window) {
        higher += (ranked[passed] as Group).size;
        passed += 1;
      }
      const room = limit - higher;
      if (room <= 0) continue;
      let leastSold = Number.NEGATIVE_INFINITY;
      if (group.size > room) {
        const selecting = this.selecting.subarray(0, group.size);
        let filled = 0;
        for (let at = group.last; at !== -1; at = groupLinks[at] as number)
          selecting[filled++] = sold[met[at] as number] as number;
        leastSold = kthLargest(selecting, room);
      }
      for (let at = group.last; at !== -1; at = groupLinks[at] as number) {
        const slot = met[at] as number;
        if ((sold[slot] as number) >= leastSold) chosen.push(this.ids.idOf(slot));
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
