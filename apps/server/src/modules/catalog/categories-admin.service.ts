import { eq, inArray, like, or, sql } from 'drizzle-orm';
import {
  type AdminCategories,
  type AdminCategory,
  MAX_CATEGORY_DEPTH,
  MAX_SLUG_LENGTH,
  slugFromName,
  type UpdateCategoryRequest,
} from '@shop/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError, InvalidError, NotFoundError } from '../../domain-errors.js';
import type { MessageKey } from '../../i18n/i18n.js';
import { type Actor, changedFields, recordAudit } from '../audit/index.js';
import { isUploadedCatalogueImage } from '../uploads/index.js';
import { categories, categorySlugRedirects, products } from './catalog.tables.js';
import { releaseSaleCategories } from './price-sales.service.js';

type CategoryRow = typeof categories.$inferSelect;
type Db = Database | Transaction;

/** The whole tree in memory: a shop has tens or hundreds of categories, never many thousands. */
class CategoryTree {
  readonly byId = new Map<string, CategoryRow>();
  private readonly childrenOf = new Map<string | null, CategoryRow[]>();

  constructor(rows: CategoryRow[]) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      const siblings = this.childrenOf.get(row.parentId) ?? [];
      siblings.push(row);
      this.childrenOf.set(row.parentId, siblings);
    }
    for (const siblings of this.childrenOf.values())
      siblings.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  }

  children(parentId: string | null): CategoryRow[] {
    return this.childrenOf.get(parentId) ?? [];
  }

  get(id: string): CategoryRow {
    const row = this.byId.get(id);
    if (!row) throw new NotFoundError('errors.catalog.categoryNotFound');
    return row;
  }

  /** The ids from the top-level category down to this one. */
  path(id: string): string[] {
    const path: string[] = [];
    for (
      let row = this.byId.get(id);
      row;
      row = row.parentId ? this.byId.get(row.parentId) : undefined
    )
      path.unshift(row.id);
    return path;
  }

  level(id: string): number {
    return this.path(id).length;
  }

  /** The category and everything under it, depth first. */
  subtree(id: string): string[] {
    return [id, ...this.children(id).flatMap((child) => this.subtree(child.id))];
  }

  /** How many levels hang below the category: 0 without sub-categories. */
  height(id: string): number {
    return Math.max(0, ...this.children(id).map((child) => this.height(child.id) + 1));
  }

  /** Every category, each followed by its sub-categories, each level in position order. */
  depthFirst(parentId: string | null = null): CategoryRow[] {
    return this.children(parentId).flatMap((row) => [row, ...this.depthFirst(row.id)]);
  }
}

async function loadTree(db: Db): Promise<CategoryTree> {
  return new CategoryTree(await db.select().from(categories));
}

/**
 * Changes of the tree take turns: two moves at once could otherwise each pass the checks and
 * together put a category under its own descendant. Plain reads are not blocked.
 */
async function lockTree(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
}

/** The deepest category a product is in; its other category columns are that one's ancestors. */
const productLeaf = sql<string>`coalesce(${products.subCategory2Id}, ${products.subCategoryId}, ${products.categoryId})`;

async function productCountsByLeaf(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ leaf: productLeaf, count: sql<number>`count(*)::int` })
    .from(products)
    .groupBy(productLeaf);
  return new Map(rows.map((row) => [row.leaf, row.count]));
}

function toAdminCategory(
  tree: CategoryTree,
  counts: Map<string, number>,
  row: CategoryRow,
): AdminCategory {
  const total = tree.subtree(row.id).reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
  return {
    id: row.id,
    parentId: row.parentId,
    level: tree.level(row.id),
    name: row.name,
    nameEn: row.nameEn ?? '',
    englishFallbacks: row.nameEn ? [] : ['name'],
    slug: row.slug,
    slugLocked: row.slugLocked,
    image: row.image,
    position: row.position,
    hidden: row.hidden,
    productCount: counts.get(row.id) ?? 0,
    totalProductCount: total,
  };
}

/** The whole tree for the back office, hidden categories included, with product counts. */
export async function listAdminCategories(db: Db): Promise<AdminCategories> {
  const [tree, counts] = await Promise.all([loadTree(db), productCountsByLeaf(db)]);
  return { categories: tree.depthFirst().map((row) => toAdminCategory(tree, counts, row)) };
}

async function adminCategory(db: Db, id: string): Promise<AdminCategory> {
  const [tree, counts] = await Promise.all([loadTree(db), productCountsByLeaf(db)]);
  return toAdminCategory(tree, counts, tree.get(id));
}

/** The name's slug, or with -2, -3 … when another category has it. */
async function uniqueSlug(tx: Transaction, name: string, ownId?: string): Promise<string> {
  // Room for a suffix, so a long name still gets a slug within the limit.
  const base = slugFromName(name, 'category')
    .slice(0, MAX_SLUG_LENGTH - 6)
    .replace(/-+$/, '');
  // A slug holds only a-z, 0-9 and dashes, so it never carries a LIKE wildcard.
  const rows = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(or(eq(categories.slug, base), like(categories.slug, `${base}-%`)));
  const taken = new Set(rows.filter((row) => row.id !== ownId).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function assertSlugFree(tx: Transaction, slug: string, ownId?: string): Promise<void> {
  const [holder] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  if (holder && holder.id !== ownId)
    throw new ConflictError('errors.categories.slugTaken', { values: { slug }, field: 'slug' });
}

/**
 * A category took `slug`: a redirect of that slug would shadow nothing any more (the page
 * exists) and would point elsewhere after the next rename, so it goes.
 */
async function slugTaken(tx: Transaction, slug: string): Promise<void> {
  await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.slug, slug));
}

/** A refused deletion says where in the branch its products are. */
const stillHasProducts = (direct: number, total: number): MessageKey =>
  direct === total
    ? 'errors.categories.stillHasProducts'
    : direct === 0
      ? 'errors.categories.subCategoriesStillHaveProducts'
      : 'errors.categories.branchStillHasProducts';

function assertDepth(tree: CategoryTree, parentId: string | null, height: number): void {
  const parentLevel = parentId === null ? 0 : tree.level(parentId);
  if (parentLevel + 1 + height > MAX_CATEGORY_DEPTH)
    throw new InvalidError('errors.categories.tooDeep', {
      values: { depth: MAX_CATEGORY_DEPTH },
      field: 'parentId',
    });
}

function existingParent(tree: CategoryTree, parentId: string | null): string | null {
  if (parentId !== null && !tree.byId.has(parentId))
    throw new InvalidError('errors.categories.parentNotFound', { field: 'parentId' });
  return parentId;
}

/** A new category at the end of its parent's sub-categories (or of the top level). */
export async function createCategory(
  db: Database,
  actor: Actor,
  request: {
    name: string;
    nameEn?: string | undefined;
    parentId: string | null;
    slug?: string | undefined;
  },
): Promise<AdminCategory> {
  return db.transaction(async (tx) => {
    await lockTree(tx);
    const tree = await loadTree(tx);
    const parentId = existingParent(tree, request.parentId);
    assertDepth(tree, parentId, 0);
    if (request.slug !== undefined) await assertSlugFree(tx, request.slug);
    const slug = request.slug ?? (await uniqueSlug(tx, request.name));
    const siblings = tree.children(parentId);
    const position = Math.max(-1, ...siblings.map((sibling) => sibling.position)) + 1;
    const [row] = await tx
      .insert(categories)
      .values({
        name: request.name,
        nameEn: request.nameEn || null,
        parentId,
        slug,
        slugLocked: request.slug !== undefined,
        position,
      })
      .returning();
    if (!row) throw new Error('insert returned no category');
    await slugTaken(tx, slug);
    await recordAudit(tx, {
      actor,
      action: 'create',
      entity: 'category',
      entityId: row.id,
      changes: changedFields(
        { name: null, slug: null, parentId: null },
        { name: row.name, slug: row.slug, parentId: row.parentId },
      ),
    });
    return adminCategory(tx, row.id);
  });
}

/** The audited fields of a category. */
const audited = (
  row: Pick<CategoryRow, 'name' | 'nameEn' | 'slug' | 'slugLocked' | 'hidden' | 'image'>,
) => ({
  name: row.name,
  nameEn: row.nameEn,
  slug: row.slug,
  slugLocked: row.slugLocked,
  hidden: row.hidden,
  image: row.image,
});

/**
 * Rename, re-slug, lock or unlock the slug, hide or show, set or remove the image (one the
 * back office uploaded). An unlocked slug follows the name; every slug the category leaves
 * behind redirects (301) to the current one.
 */
export async function updateCategory(
  db: Database,
  actor: Actor,
  id: string,
  request: UpdateCategoryRequest,
): Promise<AdminCategory> {
  return db.transaction(async (tx) => {
    await lockTree(tx);
    const tree = await loadTree(tx);
    const before = tree.get(id);
    const name = request.name ?? before.name;
    const nameEn = request.nameEn === undefined ? before.nameEn : request.nameEn || null;
    let slug = before.slug;
    let slugLocked = request.slugLocked ?? before.slugLocked;
    if (request.slug !== undefined) {
      await assertSlugFree(tx, request.slug, id);
      slug = request.slug;
      slugLocked = true;
    } else if (!slugLocked && (name !== before.name || before.slugLocked)) {
      slug = await uniqueSlug(tx, name, id);
    }
    const image = request.image ?? before.image;
    if (image !== before.image && image !== '' && !(await isUploadedCatalogueImage(tx, image)))
      throw new InvalidError('errors.categories.imageNotUploaded', { field: 'image' });
    const after = {
      name,
      nameEn,
      slug,
      slugLocked,
      hidden: request.hidden ?? before.hidden,
      image,
    };
    const changes = changedFields(audited(before), after);
    if (Object.keys(changes).length === 0) return adminCategory(tx, id);

    await tx.update(categories).set(after).where(eq(categories.id, id));
    if (name !== before.name || nameEn !== before.nameEn) await rewriteProductKeywords(tx, id);
    if (slug !== before.slug) {
      await slugTaken(tx, slug);
      await tx
        .insert(categorySlugRedirects)
        .values({ slug: before.slug, categoryId: id })
        .onConflictDoUpdate({ target: categorySlugRedirects.slug, set: { categoryId: id } });
    }
    await recordAudit(tx, { actor, action: 'update', entity: 'category', entityId: id, changes });
    return adminCategory(tx, id);
  });
}

/** Gives the siblings positions 0, 1, 2 … in the given order, writing only those that moved. */
async function renumber(tx: Transaction, siblings: CategoryRow[]): Promise<void> {
  for (const [position, sibling] of siblings.entries()) {
    if (sibling.position === position) continue;
    await tx.update(categories).set({ position }).where(eq(categories.id, sibling.id));
    sibling.position = position;
  }
}

/**
 * Products name their category at every level (category, sub-category, second-level): after a
 * move, those in the moved branch get the new ancestry so listings of every level find them.
 * Their version rises, so a product form opened before the move cannot save the old path.
 */
async function rewriteProductPaths(tx: Transaction, tree: CategoryTree, branch: string[]) {
  for (const id of branch) {
    const [categoryId, subCategoryId = null, subCategory2Id = null] = tree.path(id);
    if (!categoryId) continue;
    await tx
      .update(products)
      .set({
        categoryId,
        subCategoryId,
        subCategory2Id,
        version: sql`${products.version} + 1`,
        updatedAt: new Date(),
      })
      .where(sql`${productLeaf} = ${id}`);
  }
}

const nameOfCategory = (column: AnyPgColumn) =>
  sql`(select concat_ws(' ', ${categories.name}, nullif(${categories.nameEn}, ${categories.name})) from ${categories} where ${categories.id} = ${column})`;

/**
 * A product's search keywords are the names of its category levels in both languages, top
 * first (as a product save writes them), so that renaming or moving a category keeps search
 * finding its products by the new names.
 */
async function rewriteProductKeywords(tx: Transaction, categoryId: string) {
  await tx
    .update(products)
    .set({
      keywords: sql`concat_ws(' ', ${nameOfCategory(products.categoryId)}, ${nameOfCategory(products.subCategoryId)}, ${nameOfCategory(products.subCategory2Id)})`,
    })
    .where(
      or(
        eq(products.categoryId, categoryId),
        eq(products.subCategoryId, categoryId),
        eq(products.subCategory2Id, categoryId),
      ),
    );
}

/**
 * Moves a category (with its sub-categories and their products) under another parent, or to the
 * top level, at `position` among its new siblings. The tree stays three levels deep.
 */
export async function moveCategory(
  db: Database,
  actor: Actor,
  id: string,
  request: { parentId: string | null; position?: number | undefined },
): Promise<AdminCategories> {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const tree = await loadTree(tx);
    const row = tree.get(id);
    const parentId = existingParent(tree, request.parentId);
    if (parentId !== null && tree.subtree(id).includes(parentId))
      throw new InvalidError('errors.categories.underItself', { field: 'parentId' });
    assertDepth(tree, parentId, tree.height(id));

    const before = { parentId: row.parentId, position: row.position };
    const oldSiblings = tree.children(row.parentId).filter((sibling) => sibling.id !== id);
    const newSiblings =
      parentId === row.parentId
        ? oldSiblings
        : tree.children(parentId).filter((sibling) => sibling.id !== id);
    const at = Math.min(request.position ?? newSiblings.length, newSiblings.length);
    const placed = [...newSiblings.slice(0, at), row, ...newSiblings.slice(at)];

    if (parentId !== row.parentId) {
      await tx.update(categories).set({ parentId }).where(eq(categories.id, id));
      row.parentId = parentId;
      await renumber(tx, oldSiblings);
    }
    await renumber(tx, placed);
    const changes = changedFields(before, { parentId: row.parentId, position: row.position });
    if (Object.keys(changes).length === 0) return;
    if ('parentId' in changes) {
      await rewriteProductPaths(tx, tree, tree.subtree(id));
      await rewriteProductKeywords(tx, id);
    }
    await recordAudit(tx, { actor, action: 'move', entity: 'category', entityId: id, changes });
  });
  return listAdminCategories(db);
}

/** The drag-and-drop order of one parent's sub-categories (or of the top level). */
export async function reorderCategories(
  db: Database,
  actor: Actor,
  request: { parentId: string | null; ids: string[] },
): Promise<AdminCategories> {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const tree = await loadTree(tx);
    if (request.parentId !== null) tree.get(request.parentId);
    const children = tree.children(request.parentId);
    const known = new Set(children.map((child) => child.id));
    if (children.length !== request.ids.length || !request.ids.every((id) => known.has(id)))
      throw new InvalidError('errors.categories.reorderMismatch', { field: 'ids' });
    const ordered = request.ids.map((id) => tree.get(id));
    const changes = changedFields(
      { order: children.map((child) => child.id) },
      { order: request.ids },
    );
    if (Object.keys(changes).length === 0) return;
    await renumber(tx, ordered);
    await recordAudit(tx, {
      actor,
      action: 'reorder',
      entity: 'category',
      // The top level has no record of its own; the log names it so it can be filtered.
      entityId: request.parentId ?? 'top-level',
      changes,
    });
  });
  return listAdminCategories(db);
}

function isForeignKeyViolation(error: unknown): boolean {
  // Drizzle wraps the driver's error; PGlite and postgres.js both carry the SQLSTATE in `code`.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Deletes an empty category with its (empty) sub-categories; refused while any product is in
 * it or under it, saying how many, so nothing is lost by accident.
 */
export async function deleteCategory(db: Database, actor: Actor, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await lockTree(tx);
      const tree = await loadTree(tx);
      const row = tree.get(id);
      const branch = tree.subtree(id);
      const counts = await productCountsByLeaf(tx);
      const total = branch.reduce((sum, categoryId) => sum + (counts.get(categoryId) ?? 0), 0);
      if (total > 0)
        throw new ConflictError(stillHasProducts(counts.get(id) ?? 0, total), {
          values: { count: total },
        });
      await releaseSaleCategories(tx, branch);
      await tx.delete(categories).where(inArray(categories.id, branch));
      await recordAudit(tx, {
        actor,
        action: 'delete',
        entity: 'category',
        entityId: id,
        changes: changedFields(
          { name: row.name, slug: row.slug, parentId: row.parentId },
          { name: null, slug: null, parentId: null },
        ),
      });
    });
  } catch (error) {
    // A product saved into the branch while it was being deleted.
    if (isForeignKeyViolation(error)) {
      const total = (await adminCategory(db, id)).totalProductCount;
      throw new ConflictError(stillHasProducts(total, total), { values: { count: total } });
    }
    throw error;
  }
}
