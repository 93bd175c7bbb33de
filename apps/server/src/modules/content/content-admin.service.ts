import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type AdminCampaign,
  type AdminCampaigns,
  type AdminSlide,
  type AdminSlides,
  type CampaignInput,
  type ContentState,
  type SlideInput,
} from '@shop/shared';
import type { Database, Transaction } from '../../db/client.js';
import { reorderRows } from '../../db/reorder.js';
import { InvalidError, NotFoundError } from '../../domain-errors.js';
import { type Actor, changedFields, recordAudit } from '../audit/index.js';
import { categoryLinkTargets, productLinkTargets } from '../catalog/index.js';
import { isUploadedCatalogueImage } from '../uploads/index.js';
import { type LinkTargets, linkPath, linkTargetsOf } from './content.service.js';
import { campaignProducts, campaigns, carouselSlides } from './content.tables.js';

type Db = Database | Transaction;
type SlideRow = typeof carouselSlides.$inferSelect;
type CampaignRow = typeof campaigns.$inferSelect;
type ContentRow = SlideRow | CampaignRow;
type ImageFolder = 'carousel' | 'campaigns';

/** Where a row stands at `now`; hiding wins over any dates. */
function stateAt(row: ContentRow, now: Date): ContentState {
  if (row.hidden) return 'hidden';
  if (row.visibleFrom && row.visibleFrom > now) return 'scheduled';
  if (row.visibleTo && row.visibleTo <= now) return 'ended';
  return 'current';
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

function linkLabel(row: ContentRow, targets: LinkTargets): string {
  if (row.linkKind === 'url') return row.link;
  const target =
    row.linkKind === 'product'
      ? row.linkProductId && targets.products.get(row.linkProductId)
      : row.linkCategoryId && targets.categories.get(row.linkCategoryId);
  // The foreign key empties the id when the product or category is deleted.
  return target ? target.name : `(deleted ${row.linkKind})`;
}

function adminFields(row: ContentRow, targets: LinkTargets, now: Date) {
  return {
    id: row.id,
    image: row.image,
    linkKind: row.linkKind,
    linkProductId: row.linkProductId,
    linkCategoryId: row.linkCategoryId,
    linkUrl: row.linkKind === 'url' ? row.link : '',
    linkLabel: linkLabel(row, targets),
    linkPath: linkPath(row, targets),
    visibleFrom: iso(row.visibleFrom),
    visibleTo: iso(row.visibleTo),
    hidden: row.hidden,
    state: stateAt(row, now),
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a saved slide or banner gets from its input: only its kind's link is kept. */
function storedFields(input: SlideInput | CampaignInput, now: Date) {
  return {
    image: input.image,
    linkKind: input.linkKind,
    link: input.linkKind === 'url' ? input.linkUrl : '',
    linkProductId: input.linkKind === 'product' ? input.linkProductId : null,
    linkCategoryId: input.linkKind === 'category' ? input.linkCategoryId : null,
    visibleFrom: input.visibleFrom === null ? null : new Date(input.visibleFrom),
    visibleTo: input.visibleTo === null ? null : new Date(input.visibleTo),
    hidden: input.hidden,
    updatedAt: now,
  };
}

/** The fields of a new record, each from null, as the audit log shows a creation. */
const createdFields = (after: Record<string, unknown>) =>
  changedFields(Object.fromEntries(Object.keys(after).map((field) => [field, null])), after);

/** What the audit log keeps of a row: dates as ISO text, so unchanged ones compare equal. */
function audited(row: Omit<ReturnType<typeof storedFields>, 'updatedAt'>) {
  return {
    image: row.image,
    linkKind: row.linkKind,
    link: row.link,
    linkProductId: row.linkProductId,
    linkCategoryId: row.linkCategoryId,
    visibleFrom: iso(row.visibleFrom),
    visibleTo: iso(row.visibleTo),
    hidden: row.hidden,
  };
}

/**
 * The checks the schema cannot make: the image was uploaded to this folder by the back office
 * (one kept unchanged on an edit, such as a seeded picture, stays allowed), and the product or
 * category linked to exists. Off the storefront is allowed: a slide may be scheduled for a
 * product that is published later.
 */
async function checkReferences(
  db: Db,
  folder: ImageFolder,
  input: SlideInput | CampaignInput,
  previousImage: string | undefined,
): Promise<void> {
  if (
    input.image !== previousImage &&
    !(input.image.startsWith(`/${folder}/`) && (await isUploadedCatalogueImage(db, input.image)))
  )
    throw new InvalidError('errors.content.imageNotUploaded', {
      values: { folder },
      field: 'image',
    });
  if (input.linkKind === 'product' && input.linkProductId !== null) {
    const found = await productLinkTargets(db, [input.linkProductId]);
    if (!found.has(input.linkProductId))
      throw new InvalidError('errors.content.productNotFound', { field: 'linkProductId' });
  }
  if (input.linkKind === 'category' && input.linkCategoryId !== null) {
    const found = await categoryLinkTargets(db, [input.linkCategoryId]);
    if (!found.has(input.linkCategoryId))
      throw new InvalidError('errors.content.categoryNotFound', { field: 'linkCategoryId' });
  }
}

/** The slides or the banners as a drag-and-drop list. */
const listOf = (table: typeof carouselSlides | typeof campaigns) => ({
  table,
  id: table.id,
  position: table.position,
});

/** The refusal of an order that does not name exactly the slides (or banners) there are. */
const mismatch = (what: 'slide' | 'campaign') => () =>
  new InvalidError('errors.content.reorderMismatch', { values: { what }, field: 'ids' });

/** The position after the last slide (or banner): a new one goes at the end. */
async function nextPosition(
  tx: Transaction,
  table: typeof carouselSlides | typeof campaigns,
): Promise<number> {
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${table.position}) + 1, 0)::int` })
    .from(table);
  return last?.position ?? 0;
}

// Slides.

async function toAdminSlides(db: Db, rows: SlideRow[], now: Date): Promise<AdminSlide[]> {
  const targets = await linkTargetsOf(db, rows);
  return rows.map((row) => ({
    ...adminFields(row, targets, now),
    alt: row.alt,
    altEn: row.altEn ?? '',
  }));
}

async function slideRow(db: Db, id: string): Promise<SlideRow> {
  const [row] = await db.select().from(carouselSlides).where(eq(carouselSlides.id, id));
  if (!row) throw new NotFoundError('errors.content.slideNotFound');
  return row;
}

async function adminSlide(db: Db, id: string, now: Date): Promise<AdminSlide> {
  const [slide] = await toAdminSlides(db, [await slideRow(db, id)], now);
  if (!slide) throw new NotFoundError('errors.content.slideNotFound');
  return slide;
}

/** Every slide in its order, hidden, scheduled and ended ones too, each with its state at `now`. */
export async function listAdminSlides(db: Db, now: Date): Promise<AdminSlides> {
  const rows = await db
    .select()
    .from(carouselSlides)
    .orderBy(asc(carouselSlides.position), asc(carouselSlides.id));
  return { slides: await toAdminSlides(db, rows, now) };
}

/**
 * An English twin as stored: null where none is written. Absent from an edit, it keeps the one
 * saved before, so a client that knows no English leaves it alone.
 */
const englishOf = (given: string | undefined, before: string | null): string | null =>
  given === undefined ? before : given || null;

const slideAudit = (
  fields: ReturnType<typeof storedFields>,
  alt: string,
  altEn: string | null,
) => ({ ...audited(fields), alt, altEn });

/** A new slide, at the end of the carousel. */
export async function createSlide(
  db: Database,
  actor: Actor,
  input: SlideInput,
  now: Date,
): Promise<AdminSlide> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, 'carousel', input, undefined);
    const fields = storedFields(input, now);
    const altEn = englishOf(input.altEn, null);
    const [row] = await tx
      .insert(carouselSlides)
      .values({
        ...fields,
        alt: input.alt,
        altEn,
        position: await nextPosition(tx, carouselSlides),
      })
      .returning();
    if (!row) throw new Error('insert returned no slide');
    const after = slideAudit(fields, input.alt, altEn);
    await recordAudit(tx, {
      actor,
      action: 'create',
      entity: 'carousel-slide',
      entityId: row.id,
      changes: createdFields(after),
    });
    return adminSlide(tx, row.id, now);
  });
}

/** A slide saved whole from the back office's dialog. */
export async function updateSlide(
  db: Database,
  actor: Actor,
  id: string,
  input: SlideInput,
  now: Date,
): Promise<AdminSlide> {
  return db.transaction(async (tx) => {
    const before = await slideRow(tx, id);
    await checkReferences(tx, 'carousel', input, before.image);
    const fields = storedFields(input, now);
    const altEn = englishOf(input.altEn, before.altEn);
    const changes = changedFields(
      slideAudit(before, before.alt, before.altEn),
      slideAudit(fields, input.alt, altEn),
    );
    if (Object.keys(changes).length === 0) return adminSlide(tx, id, now);
    await tx
      .update(carouselSlides)
      .set({ ...fields, alt: input.alt, altEn })
      .where(eq(carouselSlides.id, id));
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: 'carousel-slide',
      entityId: id,
      changes,
    });
    return adminSlide(tx, id, now);
  });
}

/** Hides a slide from the storefront, or shows it again (within its dates). */
export async function setSlideHidden(
  db: Database,
  actor: Actor,
  id: string,
  hidden: boolean,
  now: Date,
): Promise<AdminSlide> {
  return db.transaction(async (tx) => {
    const before = await slideRow(tx, id);
    if (before.hidden !== hidden) {
      await tx
        .update(carouselSlides)
        .set({ hidden, updatedAt: now })
        .where(eq(carouselSlides.id, id));
      await recordAudit(tx, {
        actor,
        action: hidden ? 'hide' : 'show',
        entity: 'carousel-slide',
        entityId: id,
        changes: changedFields({ hidden: before.hidden }, { hidden }),
      });
    }
    return adminSlide(tx, id, now);
  });
}

export async function deleteSlide(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await slideRow(tx, id);
    await tx.delete(carouselSlides).where(eq(carouselSlides.id, id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entity: 'carousel-slide',
      entityId: id,
      changes: changedFields({ image: before.image, alt: before.alt }, { image: null, alt: null }),
    });
  });
}

/** The drag-and-drop order of the whole carousel. */
export async function reorderSlides(
  db: Database,
  actor: Actor,
  ids: readonly string[],
  now: Date,
): Promise<AdminSlides> {
  await db.transaction(async (tx) => {
    const before = await reorderRows(tx, listOf(carouselSlides), ids, mismatch('slide'));
    if (!before) return;
    await recordAudit(tx, {
      actor,
      action: 'reorder',
      entity: 'carousel-slide',
      // The carousel as a whole has no record of its own; the log names it so it can be filtered.
      entityId: 'carousel',
      changes: changedFields({ order: before }, { order: ids }),
    });
  });
  return listAdminSlides(db, now);
}

// Campaigns.

async function toAdminCampaigns(db: Db, rows: CampaignRow[], now: Date): Promise<AdminCampaign[]> {
  const entries =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(campaignProducts)
          .where(
            inArray(
              campaignProducts.campaignId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(campaignProducts.position));
  const [targets, products] = await Promise.all([
    linkTargetsOf(db, rows),
    productLinkTargets(
      db,
      entries.map((entry) => entry.productId),
    ),
  ]);
  return rows.map((row) => ({
    ...adminFields(row, targets, now),
    title: row.title,
    titleEn: row.titleEn ?? '',
    products: entries
      .filter((entry) => entry.campaignId === row.id)
      .flatMap((entry) => {
        const product = products.get(entry.productId);
        return product ? [{ id: entry.productId, name: product.name, onSale: product.shown }] : [];
      }),
  }));
}

async function campaignRow(db: Db, id: string): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw new NotFoundError('errors.content.campaignNotFound');
  return row;
}

async function adminCampaign(db: Db, id: string, now: Date): Promise<AdminCampaign> {
  const [campaign] = await toAdminCampaigns(db, [await campaignRow(db, id)], now);
  if (!campaign) throw new NotFoundError('errors.content.campaignNotFound');
  return campaign;
}

async function campaignProductIds(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .select({ productId: campaignProducts.productId })
    .from(campaignProducts)
    .where(eq(campaignProducts.campaignId, id))
    .orderBy(asc(campaignProducts.position));
  return rows.map((row) => row.productId);
}

/** Every banner in its order, hidden, scheduled and ended ones too, with its products. */
export async function listAdminCampaigns(db: Db, now: Date): Promise<AdminCampaigns> {
  const rows = await db
    .select()
    .from(campaigns)
    .orderBy(asc(campaigns.position), asc(campaigns.id));
  return { campaigns: await toAdminCampaigns(db, rows, now) };
}

/** Every product picked must exist (it may be off the storefront for now). */
async function checkProducts(db: Db, productIds: readonly string[]): Promise<void> {
  const found = await productLinkTargets(db, productIds);
  const missing = productIds.filter((id) => !found.has(id)).length;
  if (missing > 0)
    throw new InvalidError('errors.products.someNotFound', {
      values: { count: missing },
      field: 'productIds',
    });
}

async function writeProducts(tx: Transaction, campaignId: string, productIds: readonly string[]) {
  await tx.delete(campaignProducts).where(eq(campaignProducts.campaignId, campaignId));
  if (productIds.length > 0)
    await tx
      .insert(campaignProducts)
      .values(productIds.map((productId, position) => ({ campaignId, productId, position })));
}

const campaignAudit = (
  fields: ReturnType<typeof storedFields>,
  title: string,
  titleEn: string | null,
  productIds: readonly string[],
) => ({ ...audited(fields), title, titleEn, productIds });

/** A new banner, at the end of the home page's banners. */
export async function createCampaign(
  db: Database,
  actor: Actor,
  input: CampaignInput,
  now: Date,
): Promise<AdminCampaign> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, 'campaigns', input, undefined);
    await checkProducts(tx, input.productIds);
    const fields = storedFields(input, now);
    const titleEn = englishOf(input.titleEn, null);
    const [row] = await tx
      .insert(campaigns)
      .values({
        ...fields,
        title: input.title,
        titleEn,
        position: await nextPosition(tx, campaigns),
      })
      .returning();
    if (!row) throw new Error('insert returned no campaign');
    await writeProducts(tx, row.id, input.productIds);
    await recordAudit(tx, {
      actor,
      action: 'create',
      entity: 'campaign',
      entityId: row.id,
      changes: createdFields(campaignAudit(fields, input.title, titleEn, input.productIds)),
    });
    return adminCampaign(tx, row.id, now);
  });
}

/** A banner saved whole from the back office's dialog, its products in the order given. */
export async function updateCampaign(
  db: Database,
  actor: Actor,
  id: string,
  input: CampaignInput,
  now: Date,
): Promise<AdminCampaign> {
  return db.transaction(async (tx) => {
    const before = await campaignRow(tx, id);
    await checkReferences(tx, 'campaigns', input, before.image);
    await checkProducts(tx, input.productIds);
    const fields = storedFields(input, now);
    const titleEn = englishOf(input.titleEn, before.titleEn);
    const changes = changedFields(
      campaignAudit(before, before.title, before.titleEn, await campaignProductIds(tx, id)),
      campaignAudit(fields, input.title, titleEn, input.productIds),
    );
    if (Object.keys(changes).length === 0) return adminCampaign(tx, id, now);
    await tx
      .update(campaigns)
      .set({ ...fields, title: input.title, titleEn })
      .where(eq(campaigns.id, id));
    if ('productIds' in changes) await writeProducts(tx, id, input.productIds);
    await recordAudit(tx, { actor, action: 'update', entity: 'campaign', entityId: id, changes });
    return adminCampaign(tx, id, now);
  });
}

/** Hides a banner from the storefront, or shows it again (within its dates). */
export async function setCampaignHidden(
  db: Database,
  actor: Actor,
  id: string,
  hidden: boolean,
  now: Date,
): Promise<AdminCampaign> {
  return db.transaction(async (tx) => {
    const before = await campaignRow(tx, id);
    if (before.hidden !== hidden) {
      await tx.update(campaigns).set({ hidden, updatedAt: now }).where(eq(campaigns.id, id));
      await recordAudit(tx, {
        actor,
        action: hidden ? 'hide' : 'show',
        entity: 'campaign',
        entityId: id,
        changes: changedFields({ hidden: before.hidden }, { hidden }),
      });
    }
    return adminCampaign(tx, id, now);
  });
}

export async function deleteCampaign(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await campaignRow(tx, id);
    // Its product list goes with it (on delete cascade).
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    await recordAudit(tx, {
      actor,
      action: 'delete',
      entity: 'campaign',
      entityId: id,
      changes: changedFields(
        { title: before.title, image: before.image },
        { title: null, image: null },
      ),
    });
  });
}

/** The drag-and-drop order of the home page's banners. */
export async function reorderCampaigns(
  db: Database,
  actor: Actor,
  ids: readonly string[],
  now: Date,
): Promise<AdminCampaigns> {
  await db.transaction(async (tx) => {
    const before = await reorderRows(tx, listOf(campaigns), ids, mismatch('campaign'));
    if (!before) return;
    await recordAudit(tx, {
      actor,
      action: 'reorder',
      entity: 'campaign',
      entityId: 'campaigns',
      changes: changedFields({ order: before }, { order: ids }),
    });
  });
  return listAdminCampaigns(db, now);
}
