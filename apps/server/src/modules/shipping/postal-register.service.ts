import { count, desc, eq, sql } from 'drizzle-orm';
import norwayPostalCodes from 'norway-postal-codes';
import {
  type AdminPostalCode,
  MIN_POSTAL_REGISTER_ROWS,
  POSTAL_REGISTER_ERRORS_SHOWN,
  type PostalRegisterLineError,
  type PostalRegisterSummary,
  type PostalRegisterUploadResult,
  hasDisallowedCharacter,
  shippingAdminMessages as messages,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { postalCodes } from './shipping.tables.js';

/** The `source` of the rows seeded from the `norway-postal-codes` package. */
export const BUNDLED_REGISTER_SOURCE = 'Bundled register (2021)';

type PostalCodeRow = typeof postalCodes.$inferInsert;
type Db = Database | Transaction;

/** Rows per insert: seven parameters each stays far below PostgreSQL's 65 535. */
const INSERT_CHUNK = 1_000;

async function insertRows(db: Db, rows: readonly PostalCodeRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK)
    await db
      .insert(postalCodes)
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflictDoNothing();
}

/**
 * Fills an empty register from the bundled copy. The register is reference data the shipping
 * step needs, so this runs on every start, like the shipping rates; an uploaded register is
 * never touched. Conflicts are skipped so two processes starting together agree.
 */
export async function seedPostalCodesIfEmpty(db: Database): Promise<number> {
  const [existing] = await db.select({ count: count() }).from(postalCodes);
  if ((existing?.count ?? 0) > 0) return 0;
  const rows = Object.entries(norwayPostalCodes).map(([postalCode, place]) => ({
    postalCode,
    place,
    source: BUNDLED_REGISTER_SOURCE,
  }));
  await db.transaction((tx) => insertRows(tx, rows));
  return rows.length;
}

/** The place of a postal code in the register, in capitals; undefined for a code it lacks. */
export async function registeredPlace(
  db: Database,
  postalCode: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ place: postalCodes.place })
    .from(postalCodes)
    .where(eq(postalCodes.postalCode, postalCode));
  return row?.place;
}

export async function postalRegisterSummary(db: Database): Promise<PostalRegisterSummary> {
  const [totals] = await db.select({ count: count() }).from(postalCodes);
  // The latest change names the register: an upload replaces every row with its file's name.
  const [latest] = await db
    .select({ source: postalCodes.source, updatedAt: postalCodes.updatedAt })
    .from(postalCodes)
    .orderBy(desc(postalCodes.updatedAt))
    .limit(1);
  return {
    count: totals?.count ?? 0,
    source: latest?.source ?? null,
    updatedAt: latest?.updatedAt.toISOString() ?? null,
  };
}

export async function findRegisteredPostalCode(
  db: Database,
  postalCode: string,
  cityOf: (place: string) => string,
): Promise<AdminPostalCode | undefined> {
  const [row] = await db.select().from(postalCodes).where(eq(postalCodes.postalCode, postalCode));
  return row && { ...row, city: cityOf(row.place), updatedAt: row.updatedAt.toISOString() };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

/**
 * The file's text. Posten publishes the register in Windows-1252 ("ANSI"); a file saved again
 * as UTF-8 is read as that. Bytes that are not valid UTF-8 can only be the former, and a file
 * of plain ASCII reads the same either way.
 */
export function decodeRegisterFile(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return windows1252.decode(bytes);
  }
}

interface RegisterRow {
  postalCode: string;
  place: string;
  municipalityCode: string | null;
  municipality: string | null;
  category: string | null;
}

type Parsed =
  | { ok: true; rows: RegisterRow[] }
  | { ok: false; errorCount: number; errors: PostalRegisterLineError[] };

const MAX_CELL_LENGTH = 100;
const cell = (value: string | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Posten's Postnummerregister: one code a line, tab-separated as postal code, place,
 * municipality code, municipality and category; no header, though one is skipped if a file
 * has it. Every line is checked, so a refusal can name each bad one.
 */
export function parsePostalRegister(text: string): Parsed {
  const rows: RegisterRow[] = [];
  const errors: PostalRegisterLineError[] = [];
  const lineOf = new Map<string, number>();
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const columns = raw.split('\t');
    if (line === 1 && /^\s*post\s*(nummer|nr)/i.test(columns[0] ?? '')) return;
    const fail = (message: string) => errors.push({ line, message });
    if (columns.length < 2) return fail('Expected tab-separated columns: postal code, place, …');
    const [code = '', place = '', municipalityCode, municipality, category] = columns.map((value) =>
      value.trim(),
    );
    if (!/^\d{4}$/.test(code))
      return fail(`“${code.slice(0, 20)}” is not a four-digit postal code`);
    if (place === '') return fail(`Postal code ${code} has no place`);
    if (
      columns.some(
        (value) => value.length > MAX_CELL_LENGTH || hasDisallowedCharacter(value, false),
      )
    )
      return fail(`Postal code ${code} has a column that is too long or holds control characters`);
    const first = lineOf.get(code);
    if (first !== undefined)
      return fail(`Postal code ${code} is listed again (first on line ${first})`);
    lineOf.set(code, line);
    rows.push({
      postalCode: code,
      place,
      municipalityCode: cell(municipalityCode),
      municipality: cell(municipality),
      category: cell(category),
    });
  });
  return errors.length > 0
    ? {
        ok: false,
        errorCount: errors.length,
        errors: errors.slice(0, POSTAL_REGISTER_ERRORS_SHOWN),
      }
    : { ok: true, rows };
}

export type RegisterUpload =
  | { ok: true; result: PostalRegisterUploadResult }
  | { ok: false; message: string; errors?: PostalRegisterLineError[] };

const sameRow = (a: RegisterRow, b: RegisterRow) =>
  a.place === b.place &&
  a.municipalityCode === b.municipalityCode &&
  a.municipality === b.municipality &&
  a.category === b.category;

/**
 * Replaces the whole register with an uploaded file, in one transaction, only when every line
 * of the file is good and it is not obviously cut short; otherwise nothing changes.
 */
export async function replacePostalRegister(
  db: Database,
  actor: Actor,
  file: { name: string; bytes: Uint8Array },
  now: Date,
): Promise<RegisterUpload> {
  const parsed = parsePostalRegister(decodeRegisterFile(file.bytes));
  if (!parsed.ok)
    return { ok: false, message: messages.badFile(parsed.errorCount), errors: parsed.errors };
  if (parsed.rows.length < MIN_POSTAL_REGISTER_ROWS)
    return { ok: false, message: messages.tooFewRows(parsed.rows.length) };

  const source = file.name;
  const result = await db.transaction(async (tx) => {
    // Two uploads at once take turns, so the second compares with what the first wrote.
    await tx.execute(sql`lock table ${postalCodes} in share row exclusive mode`);
    const previous = await tx.select().from(postalCodes);
    const previousSource = previous[0]?.source ?? null;
    const before = new Map(previous.map((row) => [row.postalCode, row] as const));
    let added = 0;
    let changed = 0;
    for (const row of parsed.rows) {
      const old = before.get(row.postalCode);
      if (!old) added += 1;
      else if (!sameRow(old, row)) changed += 1;
      before.delete(row.postalCode);
    }
    const removed = before.size;
    await tx.delete(postalCodes);
    await insertRows(
      tx,
      parsed.rows.map((row) => ({ ...row, source, updatedAt: now })),
    );
    const summary = { added, changed, removed, total: parsed.rows.length, source };
    await recordAudit(tx, {
      actor,
      action: 'replace',
      entity: 'postal-register',
      entityId: 'NO',
      changes: {
        source: { from: previousSource, to: source },
        added: { from: null, to: added },
        changed: { from: null, to: changed },
        removed: { from: null, to: removed },
      },
    });
    return summary;
  });
  return { ok: true, result };
}
