import { asc, count, eq, sql } from 'drizzle-orm';
import {
  type AdminCleaningPhoto,
  type AdminCleaningPhotos,
  type AdminCleaningService,
  type AdminCleaningServices,
  type cleaningPhotoCreateSchema,
  type cleaningPhotoUpdateSchema,
  type CleaningPhoto,
  type cleaningServiceCreateSchema,
  type CleaningServiceIcon,
  type CleaningServiceTile,
  type cleaningServiceUpdateSchema,
  MAX_CLEANING_PHOTOS,
  MAX_CLEANING_SERVICES,
  type Locale,
} from '@shop/shared';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { reorderRows } from '../../db/reorder.js';
import { ConflictError, InvalidError, NotFoundError } from '../../domain-errors.js';
import { type Actor, changedFields, recordAudit } from '../audit/index.js';
import { columnIn } from '../catalog/index.js';
import { isUploadedCatalogueImage } from '../uploads/index.js';
import { cleaningPhotos, cleaningServices } from './enquiries.tables.js';

type Db = Database | Transaction;
type ServiceRow = typeof cleaningServices.$inferSelect;
type PhotoRow = typeof cleaningPhotos.$inferSelect;

/** The folder `POST /api/admin/images` stores the gallery's photos in, with their sizes. */
export const CLEANING_GALLERY_FOLDER = 'cleaning-gallery';

/**
 * The next `updatedAt`: the wire carries milliseconds, so each change moves it on by at least
 * one, and a stamp written by the database's `now()` (microseconds) is compared at that grain.
 */
const nextStamp = (before: Date) => new Date(Math.max(Date.now(), before.getTime() + 1));

const sameStamp = (stored: Date, loaded: string) => stored.getTime() === Date.parse(loaded);

/** Adding, deleting and reordering take turns, so a count or an order is never read stale. */
const takeTurns = (tx: Transaction, list: 'services' | 'photos') =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cleaning_${list}`}))`);

/** The tiles or the photos as a drag-and-drop list. */
const listOf = (table: typeof cleaningServices | typeof cleaningPhotos) => ({
  table,
  id: table.id,
  position: table.position,
});

/** The refusal of an order that does not name exactly the tiles (or photos) there are. */
const mismatch = (what: 'service tile' | 'photo') => () =>
  new InvalidError('errors.cleaning.reorderMismatch', { values: { what }, field: 'ids' });

/**
 * An English twin as stored (issue 31.5): null where none is written. Absent from an edit, it
 * keeps the one saved before, so a client that knows no English leaves it alone.
 */
const englishOf = (given: string | undefined, before: string | null): string | null =>
  given === undefined ? before : given || null;

/** The fields of a new record, each from null, as the audit log shows a creation. */
const createdFields = (after: Record<string, unknown>) =>
  changedFields(Object.fromEntries(Object.keys(after).map((field) => [field, null])), after);

// The storefront's reads.

/** `GET /api/cleaning/services`: the tiles shown on the page, in their order and `locale`. */
export async function listCleaningServices(db: Db, locale: Locale): Promise<CleaningServiceTile[]> {
  return db
    .select({
      name: columnIn(locale, cleaningServices.name, cleaningServices.nameEn),
      description: columnIn(locale, cleaningServices.description, cleaningServices.descriptionEn),
      icon: sql<CleaningServiceIcon>`${cleaningServices.icon}`,
    })
    .from(cleaningServices)
    .where(eq(cleaningServices.hidden, false))
    .orderBy(asc(cleaningServices.position), asc(cleaningServices.id));
}

/** `GET /api/cleaning/gallery`: the gallery's photos, in their order, alt texts in `locale`. */
export async function listCleaningGallery(db: Db, locale: Locale): Promise<CleaningPhoto[]> {
  return db
    .select({
      image: cleaningPhotos.image,
      alt: columnIn(locale, cleaningPhotos.alt, cleaningPhotos.altEn),
    })
    .from(cleaningPhotos)
    .orderBy(asc(cleaningPhotos.position), asc(cleaningPhotos.id));
}

// Service tiles.

type ServiceCreate = z.output<typeof cleaningServiceCreateSchema>;
type ServiceUpdate = z.output<typeof cleaningServiceUpdateSchema>;

function toAdminService(row: ServiceRow): AdminCleaningService {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    nameEn: row.nameEn ?? '',
    descriptionEn: row.descriptionEn ?? '',
    icon: row.icon as CleaningServiceIcon,
    hidden: row.hidden,
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function serviceRow(db: Db, id: string, lock = false): Promise<ServiceRow> {
  const query = db.select().from(cleaningServices).where(eq(cleaningServices.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('errors.cleaning.serviceNotFound');
  return row;
}

/** Every tile in its order, hidden ones too. */
export async function listAdminCleaningServices(db: Db): Promise<AdminCleaningServices> {
  const rows = await db
    .select()
    .from(cleaningServices)
    .orderBy(asc(cleaningServices.position), asc(cleaningServices.id));
  return { services: rows.map(toAdminService) };
}

/** A new tile, after the others. */
export async function createCleaningService(
  db: Database,
  actor: Actor,
  input: ServiceCreate,
): Promise<AdminCleaningService> {
  return db.transaction(async (tx) => {
    await takeTurns(tx, 'services');
    const [stats] = await tx
      .select({
        total: count(),
        next: sql<number>`coalesce(max(${cleaningServices.position}) + 1, 0)::int`,
      })
      .from(cleaningServices);
    if ((stats?.total ?? 0) >= MAX_CLEANING_SERVICES)
      throw new ConflictError('errors.cleaning.tooManyServices', {
        values: { max: MAX_CLEANING_SERVICES },
      });
    const values = {
      ...input,
      nameEn: englishOf(input.nameEn, null),
      descriptionEn: englishOf(input.descriptionEn, null),
    };
    const [row] = await tx
      .insert(cleaningServices)
      .values({ ...values, position: stats?.next ?? 0, updatedAt: new Date() })
      .returning();
    if (!row) throw new Error('insert returned no service tile');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entity: 'cleaning-service',
      entityId: row.id,
      changes: createdFields(values),
    });
    return toAdminService(row);
  });
}

/**
 * A tile's name, description and icon, refused (409) when it changed since the editor loaded it,
 * so one member of staff never silently undoes another's edit.
 */
export async function updateCleaningService(
  db: Database,
  actor: Actor,
  id: string,
  { updatedAt, ...input }: ServiceUpdate,
): Promise<AdminCleaningService> {
  return db.transaction(async (tx) => {
    const before = await serviceRow(tx, id, true);
    if (!sameStamp(before.updatedAt, updatedAt))
      throw new ConflictError('errors.cleaning.serviceConflict');
    const after = {
      ...input,
      nameEn: englishOf(input.nameEn, before.nameEn),
      descriptionEn: englishOf(input.descriptionEn, before.descriptionEn),
    };
    const changes = changedFields(
      {
        name: before.name,
        description: before.description,
        nameEn: before.nameEn,
        descriptionEn: before.descriptionEn,
        icon: before.icon,
      },
      after,
    );
    if (Object.keys(changes).length === 0) return toAdminService(before);
    const [saved] = await tx
      .update(cleaningServices)
      .set({ ...after, updatedAt: nextStamp(before.updatedAt) })
      .where(eq(cleaningServices.id, id))
      .returning();
    if (!saved) throw new NotFoundError('errors.cleaning.serviceNotFound');
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: 'cleaning-service',
      entityId: id,
      changes,
    });
    return toAdminService(saved);
  });
}

/**
 * Hides a tile from the page or shows it again. An absolute state, so it needs no `updatedAt`;
 * it moves `updatedAt` on, so an edit opened before it is refused rather than saved unseen.
 */
export async function setCleaningServiceHidden(
  db: Database,
  actor: Actor,
  id: string,
  hidden: boolean,
): Promise<AdminCleaningService> {
  return db.transaction(async (tx) => {
    const before = await serviceRow(tx, id, true);
    if (before.hidden === hidden) return toAdminService(before);
    const [saved] = await tx
      .update(cleaningServices)
      .set({ hidden, updatedAt: nextStamp(before.updatedAt) })
      .where(eq(cleaningServices.id, id))
      .returning();
    if (!saved) throw new NotFoundError('errors.cleaning.serviceNotFound');
    await recordAudit(tx, {
      actor,
      action: hidden ? 'hide' : 'show',
      entity: 'cleaning-service',
      entityId: id,
      changes: changedFields({ hidden: before.hidden }, { hidden }),
    });
    return toAdminService(saved);
  });
}

export async function deleteCleaningService(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await takeTurns(tx, 'services');
    const before = await serviceRow(tx, id, true);
    await tx.delete(cleaningServices).where(eq(cleaningServices.id, id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entity: 'cleaning-service',
      entityId: id,
      changes: changedFields(
        { name: before.name, description: before.description, icon: before.icon },
        { name: null, description: null, icon: null },
      ),
    });
  });
}

/** The drag-and-drop order of every tile. */
export async function reorderCleaningServices(
  db: Database,
  actor: Actor,
  ids: readonly string[],
): Promise<AdminCleaningServices> {
  await db.transaction(async (tx) => {
    await takeTurns(tx, 'services');
    const before = await reorderRows(tx, listOf(cleaningServices), ids, mismatch('service tile'));
    if (!before) return;
    await recordAudit(tx, {
      actor,
      action: 'reorder',
      entity: 'cleaning-service',
      // The page's tiles as a whole have no record of their own; the log names them.
      entityId: 'cleaning-services',
      changes: changedFields({ order: before }, { order: ids }),
    });
  });
  return listAdminCleaningServices(db);
}

// Gallery photos.

type PhotoCreate = z.output<typeof cleaningPhotoCreateSchema>;
type PhotoUpdate = z.output<typeof cleaningPhotoUpdateSchema>;

function toAdminPhoto(row: PhotoRow): AdminCleaningPhoto {
  return {
    id: row.id,
    image: row.image,
    alt: row.alt,
    altEn: row.altEn ?? '',
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function photoRow(db: Db, id: string, lock = false): Promise<PhotoRow> {
  const query = db.select().from(cleaningPhotos).where(eq(cleaningPhotos.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('errors.cleaning.photoNotFound');
  return row;
}

/** Every photo of the gallery in its order. */
export async function listAdminCleaningPhotos(db: Db): Promise<AdminCleaningPhotos> {
  const rows = await db
    .select()
    .from(cleaningPhotos)
    .orderBy(asc(cleaningPhotos.position), asc(cleaningPhotos.id));
  return { photos: rows.map(toAdminPhoto) };
}

/**
 * A photo after the others. Its image must be one the back office uploaded to the gallery's
 * folder, so it has the sizes the storefront's srcset names.
 */
export async function addCleaningPhoto(
  db: Database,
  actor: Actor,
  input: PhotoCreate,
): Promise<AdminCleaningPhoto> {
  return db.transaction(async (tx) => {
    if (
      !input.image.startsWith(`/${CLEANING_GALLERY_FOLDER}/`) ||
      !(await isUploadedCatalogueImage(tx, input.image))
    )
      throw new InvalidError('errors.cleaning.imageNotUploaded', { field: 'image' });
    await takeTurns(tx, 'photos');
    const [stats] = await tx
      .select({
        total: count(),
        next: sql<number>`coalesce(max(${cleaningPhotos.position}) + 1, 0)::int`,
      })
      .from(cleaningPhotos);
    if ((stats?.total ?? 0) >= MAX_CLEANING_PHOTOS)
      throw new ConflictError('errors.cleaning.tooManyPhotos', {
        values: { max: MAX_CLEANING_PHOTOS },
      });
    const values = { ...input, altEn: englishOf(input.altEn, null) };
    const [row] = await tx
      .insert(cleaningPhotos)
      .values({ ...values, position: stats?.next ?? 0, updatedAt: new Date() })
      .returning();
    if (!row) throw new Error('insert returned no photo');
    await recordAudit(tx, {
      actor,
      action: 'create',
      entity: 'cleaning-photo',
      entityId: row.id,
      changes: createdFields(values),
    });
    return toAdminPhoto(row);
  });
}

/** A photo's alt texts, refused (409) when it changed since the editor loaded it. */
export async function updateCleaningPhoto(
  db: Database,
  actor: Actor,
  id: string,
  { alt, altEn: givenEn, updatedAt }: PhotoUpdate,
): Promise<AdminCleaningPhoto> {
  return db.transaction(async (tx) => {
    const before = await photoRow(tx, id, true);
    if (!sameStamp(before.updatedAt, updatedAt))
      throw new ConflictError('errors.cleaning.photoConflict');
    const altEn = englishOf(givenEn, before.altEn);
    const changes = changedFields({ alt: before.alt, altEn: before.altEn }, { alt, altEn });
    if (Object.keys(changes).length === 0) return toAdminPhoto(before);
    const [saved] = await tx
      .update(cleaningPhotos)
      .set({ alt, altEn, updatedAt: nextStamp(before.updatedAt) })
      .where(eq(cleaningPhotos.id, id))
      .returning();
    if (!saved) throw new NotFoundError('errors.cleaning.photoNotFound');
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: 'cleaning-photo',
      entityId: id,
      changes,
    });
    return toAdminPhoto(saved);
  });
}

/** Takes a photo out of the gallery; its file stays, as a slide's does. */
export async function deleteCleaningPhoto(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await takeTurns(tx, 'photos');
    const before = await photoRow(tx, id, true);
    await tx.delete(cleaningPhotos).where(eq(cleaningPhotos.id, id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entity: 'cleaning-photo',
      entityId: id,
      changes: changedFields({ image: before.image, alt: before.alt }, { image: null, alt: null }),
    });
  });
}

/** The drag-and-drop order of the gallery. */
export async function reorderCleaningPhotos(
  db: Database,
  actor: Actor,
  ids: readonly string[],
): Promise<AdminCleaningPhotos> {
  await db.transaction(async (tx) => {
    await takeTurns(tx, 'photos');
    const before = await reorderRows(tx, listOf(cleaningPhotos), ids, mismatch('photo'));
    if (!before) return;
    await recordAudit(tx, {
      actor,
      action: 'reorder',
      entity: 'cleaning-photo',
      entityId: 'cleaning-gallery',
      changes: changedFields({ order: before }, { order: ids }),
    });
  });
  return listAdminCleaningPhotos(db);
}
