import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  type AdminShippingZone,
  type AdminShippingZones,
  type ShippingCountry,
  slugFromName,
  type UpdateShippingBandRequest,
  type UpdateShippingZoneRequest,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError, InvalidError, NotFoundError } from '../../domain-errors.js';
import { type Actor, changedFields, recordAudit } from '../audit/index.js';
import { findCountry } from '../countries/index.js';
import { convertibleCountries } from '../currency/index.js';
import { shippingRates, shippingZoneCountries, shippingZones } from './shipping.tables.js';

type Db = Database | Transaction;

const SVALBARD_AND_JAN_MAYEN = 'SJ';
const ENTITY = 'shipping-zone';

const countryOf = (code: string): ShippingCountry => ({
  code,
  name: findCountry(code)?.name ?? code,
});

const kilograms = (grams: number) => String(grams / 1000);

/**
 * The countries a zone may hold: those of the storefront's country list (whose currency can be
 * converted, so a shopper can choose them), without Svalbard and Jan Mayen, which the shop
 * never delivers to.
 */
async function choosableCountries(db: Db): Promise<ShippingCountry[]> {
  const convertible = await convertibleCountries(db as Database);
  return convertible.flatMap((country) =>
    country.alpha2 !== SVALBARD_AND_JAN_MAYEN ? [{ code: country.alpha2, name: country.name }] : [],
  );
}

async function loadZones(db: Db, onlyId?: string): Promise<AdminShippingZone[]> {
  const zones = await db
    .select()
    .from(shippingZones)
    .where(onlyId === undefined ? undefined : eq(shippingZones.id, onlyId))
    .orderBy(asc(shippingZones.name));
  const [countries, bands] = await Promise.all([
    db.select().from(shippingZoneCountries),
    db.select().from(shippingRates).orderBy(asc(shippingRates.maxWeightGrams)),
  ]);
  return zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    freeFromOre: zone.freeFromOre,
    countries: countries
      .filter((row) => row.zoneId === zone.id)
      .map((row) => countryOf(row.country))
      .sort((a, b) => a.name.localeCompare(b.name, 'en')),
    bands: bands
      .filter((band) => band.zoneId === zone.id)
      .map(({ id, maxWeightGrams, priceOre }) => ({ id, maxWeightGrams, priceOre })),
  }));
}

async function loadZone(db: Db, id: string): Promise<AdminShippingZone> {
  const [zone] = await loadZones(db, id);
  if (!zone) throw new NotFoundError('errors.shipping.zoneNotFound');
  return zone;
}

export async function listShippingZones(db: Database): Promise<AdminShippingZones> {
  const [zones, countries] = await Promise.all([loadZones(db), choosableCountries(db)]);
  return { zones, countries };
}

/**
 * Zone changes take turns: a country's zone and a band's weight are checked against what the
 * others wrote, so two owners' tabs cannot put one country in two zones.
 */
async function lockZones(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${shippingZones} in share row exclusive mode`);
}

async function checkName(tx: Transaction, name: string, zoneId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(
      and(
        sql`lower(${shippingZones.name}) = lower(${name})`,
        zoneId === undefined ? undefined : ne(shippingZones.id, zoneId),
      ),
    );
  if (taken)
    throw new ConflictError('errors.shipping.zoneNameTaken', { values: { name }, field: 'name' });
}

/** Refuses Svalbard and Jan Mayen, a country off the list, and a country of another zone. */
async function checkCountries(tx: Transaction, codes: readonly string[], zoneId?: string) {
  if (codes.includes(SVALBARD_AND_JAN_MAYEN))
    throw new InvalidError('errors.shipping.zoneSvalbardAndJanMayen', { field: 'countries' });
  const choosable = new Set((await choosableCountries(tx)).map((country) => country.code));
  const unknown = codes.find((code) => !choosable.has(code));
  if (unknown)
    throw new InvalidError('errors.shipping.unknownCountry', {
      values: { code: unknown },
      field: 'countries',
    });
  const held = await tx
    .select({ country: shippingZoneCountries.country, zone: shippingZones.name })
    .from(shippingZoneCountries)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneCountries.zoneId))
    .where(zoneId === undefined ? undefined : ne(shippingZoneCountries.zoneId, zoneId));
  const holders = new Map(held.map((row) => [row.country, row.zone]));
  const taken = codes.find((code) => holders.has(code));
  if (taken)
    throw new ConflictError('errors.shipping.countryInOtherZone', {
      values: { country: countryOf(taken).name, zone: holders.get(taken) ?? '' },
      field: 'countries',
    });
}

/** A code for a new zone from its name ("Nordic countries" → NORDIC-COUNTRIES), unique. */
async function newZoneCode(tx: Transaction, name: string): Promise<string> {
  const base = slugFromName(name, 'zone', 40).toUpperCase();
  const codes = new Set(
    (await tx.select({ code: shippingZones.code }).from(shippingZones)).map((row) => row.code),
  );
  let code = base;
  for (let suffix = 2; codes.has(code); suffix += 1) code = `${base}-${suffix}`;
  return code;
}

export async function createShippingZone(
  db: Database,
  actor: Actor,
  body: { name: string; countries: string[]; freeFromOre: number | null },
): Promise<AdminShippingZone> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    await checkName(tx, body.name);
    await checkCountries(tx, body.countries);
    const [zone] = await tx
      .insert(shippingZones)
      .values({
        code: await newZoneCode(tx, body.name),
        name: body.name,
        freeFromOre: body.freeFromOre,
      })
      .returning({ id: shippingZones.id });
    if (!zone) throw new Error('the zone was not inserted');
    if (body.countries.length > 0)
      await tx
        .insert(shippingZoneCountries)
        .values(body.countries.map((country) => ({ country, zoneId: zone.id })));
    await recordAudit(tx, {
      actor,
      action: 'create',
      entity: ENTITY,
      entityId: zone.id,
      changes: changedFields(
        {},
        { name: body.name, countries: [...body.countries].sort(), freeFromOre: body.freeFromOre },
      ),
    });
    return loadZone(tx, zone.id);
  });
}

export async function updateShippingZone(
  db: Database,
  actor: Actor,
  id: string,
  body: UpdateShippingZoneRequest,
): Promise<AdminShippingZone> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    const before = await loadZone(tx, id);
    const after: Record<string, unknown> = {};
    if (body.name !== undefined) {
      await checkName(tx, body.name, id);
      await tx.update(shippingZones).set({ name: body.name }).where(eq(shippingZones.id, id));
      after.name = body.name;
    }
    if (body.freeFromOre !== undefined) {
      await tx
        .update(shippingZones)
        .set({ freeFromOre: body.freeFromOre })
        .where(eq(shippingZones.id, id));
      after.freeFromOre = body.freeFromOre;
    }
    if (body.countries !== undefined) {
      await checkCountries(tx, body.countries, id);
      await tx.delete(shippingZoneCountries).where(eq(shippingZoneCountries.zoneId, id));
      if (body.countries.length > 0)
        await tx
          .insert(shippingZoneCountries)
          .values(body.countries.map((country) => ({ country, zoneId: id })));
      after.countries = [...body.countries].sort();
    }
    const changes = changedFields(
      {
        name: before.name,
        freeFromOre: before.freeFromOre,
        countries: before.countries.map((country) => country.code).sort(),
      },
      after,
    );
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, { actor, action: 'update', entity: ENTITY, entityId: id, changes });
    return loadZone(tx, id);
  });
}

export async function deleteShippingZone(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockZones(tx);
    const zone = await loadZone(tx, id);
    const [zones] = await tx.select({ count: count() }).from(shippingZones);
    // With no zone at all, the next start would set the default zones up again.
    if ((zones?.count ?? 0) <= 1) throw new ConflictError('errors.shipping.lastZone');
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      changes: changedFields(
        {
          name: zone.name,
          countries: zone.countries.map((country) => country.code),
          freeFromOre: zone.freeFromOre,
          bands: zone.bands.map(({ maxWeightGrams, priceOre }) => ({ maxWeightGrams, priceOre })),
        },
        { name: null, countries: null, freeFromOre: null, bands: null },
      ),
    });
  });
}

async function checkBandWeight(
  tx: Transaction,
  zoneId: string,
  maxWeightGrams: number,
  bandId?: string,
): Promise<void> {
  const [taken] = await tx
    .select({ id: shippingRates.id })
    .from(shippingRates)
    .where(
      and(
        eq(shippingRates.zoneId, zoneId),
        eq(shippingRates.maxWeightGrams, maxWeightGrams),
        bandId === undefined ? undefined : ne(shippingRates.id, bandId),
      ),
    );
  if (taken)
    throw new ConflictError('errors.shipping.bandTaken', {
      values: { kg: kilograms(maxWeightGrams) },
      field: 'maxWeightGrams',
    });
}

const bandAudit = (band: { maxWeightGrams: number; priceOre: number } | null) =>
  band && { maxWeightGrams: band.maxWeightGrams, priceOre: band.priceOre };

export async function addShippingBand(
  db: Database,
  actor: Actor,
  zoneId: string,
  body: { maxWeightGrams: number; priceOre: number },
): Promise<AdminShippingZone> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    await loadZone(tx, zoneId);
    await checkBandWeight(tx, zoneId, body.maxWeightGrams);
    await tx.insert(shippingRates).values({ zoneId, ...body });
    await recordAudit(tx, {
      actor,
      action: 'add-band',
      entity: ENTITY,
      entityId: zoneId,
      changes: { band: { from: null, to: bandAudit(body) } },
    });
    return loadZone(tx, zoneId);
  });
}

async function findBand(tx: Transaction, bandId: string) {
  const [band] = await tx.select().from(shippingRates).where(eq(shippingRates.id, bandId));
  if (!band) throw new NotFoundError('errors.shipping.bandNotFound');
  return band;
}

export async function updateShippingBand(
  db: Database,
  actor: Actor,
  bandId: string,
  body: UpdateShippingBandRequest,
): Promise<AdminShippingZone> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    const band = await findBand(tx, bandId);
    const next = {
      maxWeightGrams: body.maxWeightGrams ?? band.maxWeightGrams,
      priceOre: body.priceOre ?? band.priceOre,
    };
    await checkBandWeight(tx, band.zoneId, next.maxWeightGrams, bandId);
    await tx.update(shippingRates).set(next).where(eq(shippingRates.id, bandId));
    if (next.maxWeightGrams !== band.maxWeightGrams || next.priceOre !== band.priceOre)
      await recordAudit(tx, {
        actor,
        action: 'update-band',
        entity: ENTITY,
        entityId: band.zoneId,
        changes: { band: { from: bandAudit(band), to: bandAudit(next) } },
      });
    return loadZone(tx, band.zoneId);
  });
}

export async function deleteShippingBand(
  db: Database,
  actor: Actor,
  bandId: string,
): Promise<AdminShippingZone> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    const band = await findBand(tx, bandId);
    await tx.delete(shippingRates).where(eq(shippingRates.id, bandId));
    await recordAudit(tx, {
      actor,
      action: 'delete-band',
      entity: ENTITY,
      entityId: band.zoneId,
      changes: { band: { from: bandAudit(band), to: null } },
    });
    return loadZone(tx, band.zoneId);
  });
}
