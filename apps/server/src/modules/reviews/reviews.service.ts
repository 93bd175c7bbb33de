import type { z } from 'zod';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  adminReviewMessages,
  type AdminReview,
  MAX_REVIEW_REMARKS_LENGTH,
  type adminReviewListQuerySchema,
  type AdminReviewPage,
  type HistoryReview,
  type Locale,
  type ProductReview,
  type RatingSummary,
  type Review,
  type ReviewSort,
  reviewRejectRequestSchema,
  type ReviewStatus,
  type ToReviewItem,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../../domain-errors.js';
import { type AuthenticatedUser, requireRegisteredUser } from '../../auth/authenticated-user.js';
import { userContacts, userNames } from '../accounts/index.js';
import { changedFields, recordAudit, type Actor } from '../audit/index.js';
import { findProductFamily, productFamilySummaries } from '../catalog/index.js';
import { boughtProducts, hasBought } from '../orders/index.js';
import { areOwnUploads } from '../uploads/index.js';
import { reviews } from './reviews.tables.js';

export const reviewMessages = {
  productNotFound: 'Product not found',
  reviewNotFound: 'Review not found',
  notBought: 'Only customers who bought this product can review it.',
  alreadyReviewed: 'You have already reviewed this product.',
  notYourReview: 'You can only change your own review.',
  imagesNotUploaded: 'Images must be uploaded first',
} as const;

export type { AdminReview };
/** What the customer sends: `reviewRequestSchema`'s output. */
export interface ReviewInput {
  rating: number;
  review: string;
  images: string[];
}
/** What the back office or the command line decides; remarks only go with a rejection. */
export type ReviewDecision = { status: 'ACCEPTED' } | { status: 'REJECTED'; remarks: string };
type AdminReviewListQuery = z.output<typeof adminReviewListQuerySchema>;

type ReviewRow = typeof reviews.$inferSelect;

function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    product: row.productId,
    rating: row.rating,
    review: row.review,
    images: row.images,
    date: row.createdAt.toISOString(),
    status: row.status,
    remarks: row.remarks,
  };
}

/**
 * The product family a path id names: the family's own id, or the id of one of its purchasable
 * items (what a product page and a card carry). Reviews belong to the family, so every option
 * combination shares them.
 */
export async function resolveProductFamily(db: Database, id: string): Promise<string> {
  const familyId = await findProductFamily(db, id);
  if (!familyId) throw new NotFoundError('errors.catalog.productNotFound');
  return familyId;
}

const accepted = (familyId: string) =>
  and(eq(reviews.productId, familyId), eq(reviews.status, 'ACCEPTED'));

/** Per-star counts (5 to 1), total and average of a product's accepted reviews (API-35). */
export async function ratingSummary(db: Database, productId: string): Promise<RatingSummary> {
  const familyId = await resolveProductFamily(db, productId);
  const rows = await db
    .select({ rating: reviews.rating, count: count() })
    .from(reviews)
    .where(accepted(familyId))
    .groupBy(reviews.rating);
  const countOf = (star: number) => rows.find((row) => row.rating === star)?.count ?? 0;
  const ratings = [5, 4, 3, 2, 1].map((star) => ({ id: star, count: countOf(star) }));
  const total = ratings.reduce((sum, { count }) => sum + count, 0);
  const stars = ratings.reduce((sum, { id, count }) => sum + id * count, 0);
  const averageRating = total === 0 ? 0 : Math.round((stars / total) * 100) / 100;
  return { data: { ratings, total, averageRating } };
}

const productReviewOrder: Record<ReviewSort, SQL[]> = {
  'date:-1': [desc(reviews.createdAt), asc(reviews.id)],
  'date:1': [asc(reviews.createdAt), asc(reviews.id)],
  'rating:-1': [desc(reviews.rating), desc(reviews.createdAt), asc(reviews.id)],
  'rating:1': [asc(reviews.rating), desc(reviews.createdAt), asc(reviews.id)],
};

/** A product's accepted reviews in the chosen order (API-36). */
export async function productReviews(
  db: Database,
  productId: string,
  sort: ReviewSort,
): Promise<ProductReview[]> {
  const familyId = await resolveProductFamily(db, productId);
  const rows = await db
    .select()
    .from(reviews)
    .where(accepted(familyId))
    .orderBy(...productReviewOrder[sort]);
  const names = await userNames(
    db,
    rows.map((row) => row.userId),
  );
  return rows.flatMap((row) => {
    const name = names.get(row.userId);
    if (name === undefined) return [];
    return {
      _id: row.id,
      rating: row.rating,
      review: row.review,
      images: row.images,
      date: row.createdAt.toISOString(),
      user: { name },
    };
  });
}

/**
 * Product families the user bought and has not reviewed yet, one entry each, dated by the
 * latest order that has them, newest first (API-37).
 */
export async function productsToReview(
  db: Database,
  userId: string,
  locale: Locale,
): Promise<ToReviewItem[]> {
  const [bought, reviewed] = await Promise.all([
    boughtProducts(db, userId),
    db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.userId, userId)),
  ]);
  const reviewedIds = new Set(reviewed.map((review) => review.productId));
  const toReview = bought.filter((purchase) => !reviewedIds.has(purchase.productId));
  const families = await productFamilySummaries(
    db,
    toReview.map((purchase) => purchase.productId),
    locale,
  );
  return toReview.flatMap(({ productId, orderedAt }) => {
    const family = families.get(productId);
    if (!family) return [];
    return {
      _id: productId,
      name: family.name,
      image: family.heroImage,
      category: family.categoryName,
      date: orderedAt.toISOString(),
    };
  });
}

/** The user's reviews in every status, the latest submitted first (API-38). */
export async function reviewHistory(
  db: Database,
  userId: string,
  locale: Locale,
): Promise<HistoryReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.updatedAt), asc(reviews.id));
  const families = await productFamilySummaries(
    db,
    rows.map((row) => row.productId),
    locale,
  );
  return rows.flatMap((review) => {
    const family = families.get(review.productId);
    if (!family) return [];
    return {
      ...toReview(review),
      product: { _id: review.productId, name: family.name, heroImage: family.heroImage },
    };
  });
}

/** The images, once each, after checking every one is an upload of this user. */
async function ownUploads(db: Database, userId: string, images: string[]): Promise<string[]> {
  if (!(await areOwnUploads(db, userId, images)))
    throw new InvalidError('errors.reviews.imagesNotUploaded');
  return [...new Set(images)];
}

/**
 * A new review, PENDING until the shop owner accepts it (API-39). Only a customer with an order
 * (not cancelled) that has any option combination of the product may review it, once.
 */
export async function createReview(
  db: Database,
  user: AuthenticatedUser,
  productId: string,
  input: ReviewInput,
): Promise<Review> {
  requireRegisteredUser(user);
  const familyId = await resolveProductFamily(db, productId);
  if (!(await hasBought(db, user.id, familyId)))
    throw new ForbiddenError('errors.reviews.notBought');
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, user.id), eq(reviews.productId, familyId)));
  if (existing) throw new ConflictError('errors.reviews.alreadyReviewed');
  const images = await ownUploads(db, user.id, input.images);
  try {
    const [created] = await db
      .insert(reviews)
      .values({
        productId: familyId,
        userId: user.id,
        rating: input.rating,
        review: input.review,
        images,
      })
      .returning();
    if (!created) throw new Error('review insert returned no row');
    return toReview(created);
  } catch (error) {
    // Two submissions at once both pass the check above; the unique index decides.
    if (isUniqueViolation(error)) throw new ConflictError('errors.reviews.alreadyReviewed');
    throw error;
  }
}

/**
 * The author's change of a review (API-40). Any change goes back to moderation: a rejected
 * review is re-submitted (REVIEW-02), and an accepted one leaves the product page until the
 * shop owner has seen the new text. `updatedAt` records the customer's last submission, so it
 * orders the history and the moderation queue; the owner's decision does not touch it.
 */
export async function updateReview(
  db: Database,
  user: AuthenticatedUser,
  reviewId: string,
  input: ReviewInput,
): Promise<Review> {
  const [review] = await db
    .select({ userId: reviews.userId })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!review) throw new NotFoundError('errors.reviews.notFound');
  if (review.userId !== user.id) throw new ForbiddenError('errors.reviews.notYourReview');
  const images = await ownUploads(db, user.id, input.images);
  const [updated] = await db
    .update(reviews)
    .set({
      rating: input.rating,
      review: input.review,
      images,
      status: 'PENDING',
      remarks: '',
      updatedAt: new Date(),
    })
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, user.id)))
    .returning();
  // Deleted between the two statements.
  if (!updated) throw new NotFoundError('errors.reviews.notFound');
  return toReview(updated);
}

/** Reviews with their product and author; one whose either is gone is left out. */
async function toAdminReviews(db: Database, rows: readonly ReviewRow[]): Promise<AdminReview[]> {
  const [families, authors] = await Promise.all([
    productFamilySummaries(
      db,
      rows.map((row) => row.productId),
    ),
    userContacts(
      db,
      rows.map((row) => row.userId),
    ),
  ]);
  return rows.flatMap((row) => {
    const family = families.get(row.productId);
    const author = authors.get(row.userId);
    if (!family || !author) return [];
    return {
      ...toReview(row),
      productName: family.name,
      productSlug: family.slug,
      userId: row.userId,
      userName: author.name,
      userEmail: author.email,
      submittedAt: row.updatedAt.toISOString(),
    };
  });
}

/** Reviews of one status for the command line, the longest waiting first. */
export async function listReviewsForModeration(
  db: Database,
  status: ReviewStatus = 'PENDING',
): Promise<AdminReview[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.status, status))
    .orderBy(asc(reviews.updatedAt), asc(reviews.id));
  return toAdminReviews(db, rows);
}

/**
 * The back office's moderation queue: one status, optionally one product family (given by its
 * id or an item's) and one rating, the latest submission first. An unknown product matches none.
 */
export async function moderationPage(
  db: Database,
  query: AdminReviewListQuery,
): Promise<AdminReviewPage> {
  const familyId = query.productId ? await findProductFamily(db, query.productId) : undefined;
  const page = { page: query.page, pageSize: query.pageSize };
  if (query.productId && !familyId) return { reviews: [], total: 0, ...page };
  const where = and(
    eq(reviews.status, query.status),
    familyId ? eq(reviews.productId, familyId) : undefined,
    query.rating ? eq(reviews.rating, query.rating) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.updatedAt), desc(reviews.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { reviews: await toAdminReviews(db, rows), total: counted?.total ?? 0, ...page };
}

/**
 * The shop accepts or rejects a review (back office and command line). Remarks tell the
 * customer why a review was rejected and follow the back office's rule; an accepted review
 * keeps none. A decision can be changed later. With an actor (the back office) the decision
 * is written to the audit log in the same transaction.
 */
export async function moderateReview(
  db: Database,
  reviewId: string,
  decision: ReviewDecision,
  actor?: Actor,
): Promise<AdminReview> {
  let remarks = '';
  if (decision.status === 'REJECTED') {
    const parsed = reviewRejectRequestSchema.safeParse({ remarks: decision.remarks });
    if (!parsed.success)
      throw new InvalidError(
        parsed.error.issues[0]?.message === adminReviewMessages.remarksTooLong
          ? 'errors.reviews.remarksTooLong'
          : 'errors.reviews.remarksRequired',
        { values: { max: MAX_REVIEW_REMARKS_LENGTH }, field: 'remarks' },
      );
    remarks = parsed.data.remarks;
  }
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: reviews.status, remarks: reviews.remarks })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for('update');
    if (!before) throw new NotFoundError('errors.reviews.notFound');
    const [row] = await tx
      .update(reviews)
      .set({ status: decision.status, remarks })
      .where(eq(reviews.id, reviewId))
      .returning();
    if (!row) throw new NotFoundError('errors.reviews.notFound');
    if (actor)
      await recordAudit(tx, {
        actor,
        action: decision.status === 'ACCEPTED' ? 'accept' : 'reject',
        entity: 'review',
        entityId: reviewId,
        changes: changedFields(before, { status: row.status, remarks: row.remarks }),
      });
    return row;
  });
  const [review] = await toAdminReviews(db, [updated]);
  if (!review) throw new NotFoundError('errors.reviews.notFound');
  return review;
}
