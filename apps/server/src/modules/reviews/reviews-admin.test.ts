import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminMessages,
  adminReviewMessages,
  adminReviewPageSchema,
  adminReviewSchema,
  productReviewsSchema,
  type AdminReview,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser, uniqueEmail } from '../../test/account-fixtures.js';
import { required, type CatalogFixture } from '../../test/catalog-fixtures.js';
import type { StaffMember } from '../../test/staff-session.js';
import { createBackOfficeTestApp } from '../../test/back-office-app.js';
import type { TestContext } from '../../test/test-app.js';
import { users } from '../accounts/accounts.tables.js';
import { auditLog } from '../audit/audit.tables.js';
import { reviewMessages } from './reviews.service.js';
import { reviews } from './reviews.tables.js';

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let staff: StaffMember;

beforeAll(async () => {
  ({ ctx, catalog, owner, staff } = await createBackOfficeTestApp());
});
afterAll(() => ctx.close());

const family = (slug: string) => required(catalog.products[slug], slug);

/** A customer and their review, written straight into the tables as a bought product allows. */
async function storedReview(
  slug: string,
  { rating = 4, name = 'Kari Nordmann', submittedAt = new Date(), images = [] as string[] } = {},
) {
  const email = uniqueEmail('reviewer');
  const [user] = await ctx.db
    .insert(users)
    .values({ name, email, provider: 'local', emailVerifiedAt: new Date() })
    .returning();
  const [row] = await ctx.db
    .insert(reviews)
    .values({
      productId: family(slug).id,
      userId: required(user, 'user').id,
      rating,
      review: `Review of ${slug} by ${name}`,
      images,
      createdAt: submittedAt,
      updatedAt: submittedAt,
    })
    .returning();
  return { review: required(row, 'review'), email };
}

const get = (url: string, session?: { accessToken: string }) =>
  ctx.app.inject({ method: 'GET', url, headers: session ? bearer(session) : {} });
const post = (url: string, session: { accessToken: string } | undefined, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: session ? bearer(session) : {}, payload });

const page = async (query: string, session = owner.session) => {
  const response = await get(`/api/admin/reviews?${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return adminReviewPageSchema.parse(response.json());
};

describe('review moderation in the back office (issue 13)', () => {
  it('lists the queue newest submission first with product, reviewer and images; filters by product and rating; pages', async () => {
    const honey = 'acacia-honey';
    const older = await storedReview(honey, {
      rating: 2,
      name: 'Astrid',
      submittedAt: new Date('2030-01-01T10:00:00Z'),
      images: ['/reviews/a.webp'],
    });
    const newer = await storedReview(honey, {
      rating: 5,
      name: 'Bjørn',
      submittedAt: new Date('2030-01-02T10:00:00Z'),
    });
    const byProduct = await page(`productId=${family(honey).id}`);
    expect(byProduct.reviews.map((entry) => entry._id)).toEqual([newer.review.id, older.review.id]);
    expect(byProduct.total).toBe(2);
    expect(byProduct.reviews[1]).toMatchObject({
      product: family(honey).id,
      productName: 'Acacia Honey',
      productSlug: honey,
      userName: 'Astrid',
      userEmail: older.email,
      rating: 2,
      images: ['/reviews/a.webp'],
      status: 'PENDING',
      submittedAt: '2030-01-01T10:00:00.000Z',
    });
    // An item id names its family too.
    const itemId = required(Object.values(family(honey).itemIds)[0], 'item');
    expect((await page(`productId=${itemId}`)).total).toBe(2);
    const twoStars = await page(`productId=${family(honey).id}&rating=2`);
    expect(twoStars.reviews.map((entry) => entry._id)).toEqual([older.review.id]);
    const second = await page(`productId=${family(honey).id}&pageSize=1&page=2`);
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.reviews.map((entry) => entry._id)).toEqual([older.review.id]);
    expect((await page(`productId=${randomUUID()}`)).reviews).toEqual([]);
    expect((await page(`productId=${family(honey).id}&status=ACCEPTED`)).total).toBe(0);
  });

  it('accept shows the review on the product page, reject needs remarks and hides it; both are audited', async () => {
    const { review } = await storedReview('green-tea', { rating: 5, name: 'Cecilie' });
    const productPage = async () =>
      productReviewsSchema
        .parse((await get(`/api/reviews/product/${family('green-tea').id}`)).json())
        .map((entry) => entry._id);
    expect(await productPage()).not.toContain(review.id);

    const accepted = await post(`/api/admin/reviews/${review.id}/accept`, staff.session);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(adminReviewSchema.parse(accepted.json())).toMatchObject({
      status: 'ACCEPTED',
      remarks: '',
    });
    expect(await productPage()).toContain(review.id);

    for (const payload of [{}, { remarks: '' }, { remarks: '   \n ' }]) {
      const refused = await post(`/api/admin/reviews/${review.id}/reject`, owner.session, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: adminReviewMessages.remarksRequired });
    }
    const tooLong = await post(`/api/admin/reviews/${review.id}/reject`, owner.session, {
      remarks: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: adminReviewMessages.remarksTooLong });
    const hostile = await post(`/api/admin/reviews/${review.id}/reject`, owner.session, {
      remarks: 'a\u0000b',
    });
    expect(hostile.statusCode).toBe(400);
    expect(await productPage()).toContain(review.id);

    const rejected = await post(`/api/admin/reviews/${review.id}/reject`, owner.session, {
      remarks: '  Please leave out the shop assistant’s name.\nThank you. ',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<AdminReview>()).toMatchObject({
      status: 'REJECTED',
      remarks: 'Please leave out the shop assistant’s name.\nThank you.',
    });
    expect(await productPage()).not.toContain(review.id);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, review.id)))
      .orderBy(auditLog.id);
    expect(audit.map(({ action, actorEmail }) => ({ action, actorEmail }))).toEqual([
      { action: 'accept', actorEmail: staff.email },
      { action: 'reject', actorEmail: owner.email },
    ]);
    expect(audit[1]?.changes).toMatchObject({
      status: { from: 'ACCEPTED', to: 'REJECTED' },
    });
  });

  it('refuses customers (403) and visitors (401); unknown ids 404; bad ids and filters 400', async () => {
    const { review } = await storedReview('green-tea', { name: 'Dag' });
    const customer: SessionUser = await createVerifiedUser(ctx.app, ctx.db);
    for (const response of [
      await get('/api/admin/reviews', customer),
      await post(`/api/admin/reviews/${review.id}/accept`, customer),
      await post(`/api/admin/reviews/${review.id}/reject`, customer, { remarks: 'No' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: adminMessages.staffOnly });
    }
    expect((await post(`/api/admin/reviews/${review.id}/accept`, undefined)).statusCode).toBe(401);
    const unknown = await post(`/api/admin/reviews/${randomUUID()}/accept`, owner.session);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: reviewMessages.reviewNotFound });
    const unknownReject = await post(`/api/admin/reviews/${randomUUID()}/reject`, owner.session, {
      remarks: 'Why',
    });
    expect(unknownReject.statusCode).toBe(404);
    expect((await post('/api/admin/reviews/not-an-id/accept', owner.session)).statusCode).toBe(400);
    for (const query of [
      'status=DONE',
      'rating=6',
      'rating=two',
      'page=0',
      'pageSize=101',
      'productId=x',
    ])
      expect((await get(`/api/admin/reviews?${query}`, owner.session)).statusCode, query).toBe(400);
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row?.status).toBe('PENDING');
  });
});
