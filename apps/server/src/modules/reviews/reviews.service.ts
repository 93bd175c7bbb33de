import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  max,
  ne,
  notExists,
  or,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import {
  accountServerMessages,
  type adminReviewSchema,
  type HistoryReview,
  type ProductReview,
  type RatingSummary,
  type Review,
  type ReviewSort,
  reviewDecisionSchema,
  type ReviewStatus,
  type ToReviewItem,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { badRequest, HttpError, notFound } from '../../plugins/error-handler.js';
import { users } from '../accounts/accounts.tables.js';
import type { AuthenticatedUser } from '../accounts/authenticate.js';
import { categories, productItems, products } from '../catalog/catalog.tables.js';
import { orderLines, orders } from '../orders/orders.tables.js';
import { uploads } from '../uploads/uploads.tables.js';
import { reviews } from './reviews.tables.js';

export const reviewMessages = {
  productNotFound: 'Product not found',
  reviewNotFound: 'Review not found',
  notBought: 'Only customers who bought this product can review it.',
  alreadyReviewed: 'You have already reviewed this product.',
  notYourReview: 'You can only change your own review.',
  imagesNotUploaded: 'Images must be uploaded first',
} as const;

export type AdminReview = z.infer<typeof adminReviewSchema>;
/** What the customer sends: `reviewRequestSchema`'s output. */
export interface ReviewInput {
  rating: number;
  review: string;
  images: string[];
}
export type ReviewDecision = z.input<typeof reviewDecisionSchema>;

type ReviewRow = typeof reviews.$inferSelect;
const forbidden = (message: string) => new HttpError(403, message);

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
  const [family] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      or(
        eq(products.id, id),
        inArray(
          products.id,
          db
            .select({ id: productItems.productId })
            .from(productItems)
            .where(eq(productItems.id, id)),
        ),
      ),
    )
    .limit(1);
  if (!family) throw notFound(reviewMessages.productNotFound);
  return family.id;
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
    .select({
      id: reviews.id,
      rating: reviews.rating,
      review: reviews.review,
      images: reviews.images,
      createdAt: reviews.createdAt,
      userName: users.name,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(accepted(familyId))
    .orderBy(...productReviewOrder[sort]);
  return rows.map((row) => ({
    _id: row.id,
    rating: row.rating,
    review: row.review,
    images: row.images,
    date: row.createdAt.toISOString(),
    user: { name: row.userName },
  }));
}

/** Lines of the user's orders that still stand: a cancelled order gives no right to review. */
const boughtBy = (userId: string) =>
  and(eq(orders.userId, userId), ne(orders.deliveryStatus, 'CANCELLED'));

/**
 * Product families the user bought and has not reviewed yet, one entry each, dated by the
 * latest order that has them, newest first (API-37).
 */
export async function productsToReview(db: Database, userId: string): Promise<ToReviewItem[]> {
  const orderedAt = max(orders.createdAt).mapWith(orders.createdAt);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      image: products.heroImage,
      category: categories.name,
      orderedAt,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        boughtBy(userId),
        notExists(
          db
            .select({ id: reviews.id })
            .from(reviews)
            .where(and(eq(reviews.userId, userId), eq(reviews.productId, products.id))),
        ),
      ),
    )
    .groupBy(products.id, categories.id)
    .orderBy(desc(orderedAt), asc(products.id));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    image: row.image,
    category: row.category,
    date: row.orderedAt.toISOString(),
  }));
}

/** The user's reviews in every status, the latest submitted first (API-38). */
export async function reviewHistory(db: Database, userId: string): Promise<HistoryReview[]> {
  const rows = await db
    .select({
      review: reviews,
      product: { id: products.id, name: products.name, heroImage: products.heroImage },
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.updatedAt), asc(reviews.id));
  return rows.map(({ review, product }) => ({
    ...toReview(review),
    product: { _id: product.id, name: product.name, heroImage: product.heroImage },
  }));
}

/** The images, once each, after checking every one is an upload of this user. */
async function ownUploads(db: Database, userId: string, images: string[]): Promise<string[]> {
  const distinct = [...new Set(images)];
  if (distinct.length === 0) return distinct;
  const [owned] = await db
    .select({ count: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.path, distinct)));
  if (owned?.count !== distinct.length) throw badRequest(reviewMessages.imagesNotUploaded);
  return distinct;
}

function isUniqueViolation(error: unknown): boolean {
  // Drizzle wraps the driver's error; PGlite and postgres.js both carry the SQLSTATE in `code`.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
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
  if (user.provider === 'guest') throw forbidden(accountServerMessages.guestNotAllowed);
  const familyId = await resolveProductFamily(db, productId);
  const [bought] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(boughtBy(user.id), eq(orderLines.productId, familyId)))
    .limit(1);
  if (!bought) throw forbidden(reviewMessages.notBought);
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, user.id), eq(reviews.productId, familyId)));
  if (existing) throw new HttpError(409, reviewMessages.alreadyReviewed);
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
    if (isUniqueViolation(error)) throw new HttpError(409, reviewMessages.alreadyReviewed);
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
  if (!review) throw notFound(reviewMessages.reviewNotFound);
  if (review.userId !== user.id) throw forbidden(reviewMessages.notYourReview);
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
  if (!updated) throw notFound(reviewMessages.reviewNotFound);
  return toReview(updated);
}

const adminReviewColumns = {
  ...getTableColumns(reviews),
  productName: products.name,
  userName: users.name,
};

function toAdminReview(row: ReviewRow & { productName: string; userName: string }): AdminReview {
  return { ...toReview(row), productName: row.productName, userName: row.userName };
}

/** Reviews of one status for the shop owner, the longest waiting first (API and CLI). */
export async function listReviewsForModeration(
  db: Database,
  status: ReviewStatus = 'PENDING',
): Promise<AdminReview[]> {
  const rows = await db
    .select(adminReviewColumns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.status, status))
    .orderBy(asc(reviews.updatedAt), asc(reviews.id));
  return rows.map(toAdminReview);
}

/**
 * The shop owner accepts or rejects a review (API and CLI). Remarks tell the customer why a
 * review was rejected; an accepted review keeps none. A decision can be changed later.
 */
export async function moderateReview(
  db: Database,
  reviewId: string,
  input: ReviewDecision,
): Promise<AdminReview> {
  const parsed = reviewDecisionSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid decision');
  const decision = parsed.data;
  const [updated] = await db
    .update(reviews)
    .set({
      status: decision.status,
      remarks: decision.status === 'ACCEPTED' ? '' : decision.remarks,
    })
    .where(eq(reviews.id, reviewId))
    .returning({ id: reviews.id });
  if (!updated) throw notFound(reviewMessages.reviewNotFound);
  const [row] = await db
    .select(adminReviewColumns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, reviewId));
  if (!row) throw notFound(reviewMessages.reviewNotFound);
  return toAdminReview(row);
}
