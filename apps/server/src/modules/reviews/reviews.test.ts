import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountServerMessages,
  adminMessages,
  adminReviewPageSchema,
  historyReviewsSchema,
  productReviewsSchema,
  ratingSummarySchema,
  reviewSchema,
  reviewTexts,
  serverMessages,
  toReviewItemsSchema,
  type CreatePaymentResponse,
  type Review,
  type SessionUser,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, paidPayment, placeOrder, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { orders } from '../orders/orders.tables.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { uploads } from '../uploads/uploads.tables.js';
import { reviewMessages } from './reviews.service.js';
import { reviews } from './reviews.tables.js';

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let admin: SessionUser;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
  owner = await createStaffMember(ctx.app, ctx.db);
  admin = owner.session;
});
afterAll(() => ctx.close());

const familyId = (slug: string) => required(catalog.products[slug], slug).id;
const item = (slug: string, variant = '') =>
  required(catalog.products[slug]?.itemIds[variant], `${slug} ${variant}`);
const redM = 'Color=Red,Size=M';
const blueM = 'Color=Blue,Size=M';

const goodText = 'Lovely product, would buy again.';
const body = (rating = 5, review = goodText, images: string[] = []) => ({
  rating,
  review,
  images,
});

/** Places one paid order of the items for the user; answers the order id. */
async function order(user: SessionUser, itemIds: string[]): Promise<string> {
  const lines = itemIds.map((id) => line(id));
  const payment: CreatePaymentResponse = await paidPayment(ctx.app, user, lines);
  const placed = await placeOrder(ctx.app, user, payment.paymentId, lines);
  if (placed.statusCode !== 201) throw new Error(`placing the order failed: ${placed.body}`);
  return placed.json<{ _id: string }>()._id;
}

/** A verified customer with one order of the items. */
async function buyer(itemIds: string[], name = 'Kari Nordmann'): Promise<SessionUser> {
  const user = await createVerifiedUser(ctx.app, ctx.db, { name });
  await saveOsloAddress(ctx.app, user);
  if (itemIds.length > 0) await order(user, itemIds);
  return user;
}

/** An image the user uploaded, as `POST /api/upload` records it. */
async function upload(user: SessionUser): Promise<string> {
  const path = `/reviews/${randomUUID()}.webp`;
  await ctx.db
    .insert(uploads)
    .values({ userId: user._id, path, bytes: 1000, width: 10, height: 10 });
  return path;
}

const post = (user: SessionUser | undefined, productId: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/reviews/${productId}`,
    headers: user ? bearer(user) : {},
    payload: payload as object,
  });

const put = (user: SessionUser | undefined, reviewId: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/reviews/${reviewId}`,
    headers: user ? bearer(user) : {},
    payload: payload as object,
  });

const get = (url: string, user?: SessionUser) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });

/** `{status: 'ACCEPTED'}` or `{status: 'REJECTED', remarks}`, through the back office's calls. */
const moderate = (
  user: SessionUser | undefined,
  reviewId: string,
  { status, ...payload }: { status: 'ACCEPTED' | 'REJECTED'; remarks?: string },
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/reviews/${reviewId}/${status === 'ACCEPTED' ? 'accept' : 'reject'}`,
    headers: user ? bearer(user) : {},
    payload,
  });

async function review(user: SessionUser, productId: string, rating = 5): Promise<Review> {
  const response = await post(user, productId, body(rating));
  if (response.statusCode !== 201) throw new Error(`reviewing failed: ${response.body}`);
  return reviewSchema.parse(response.json());
}

async function accept(reviewId: string) {
  const response = await moderate(admin, reviewId, { status: 'ACCEPTED' });
  if (response.statusCode !== 200) throw new Error(`accepting failed: ${response.body}`);
}

const rating = async (productId: string) =>
  ratingSummarySchema.parse((await get(`/api/reviews/rating/${productId}`)).json()).data;
const productList = async (productId: string, sort?: string) =>
  productReviewsSchema.parse(
    (await get(`/api/reviews/product/${productId}${sort ? `?sort=${sort}` : ''}`)).json(),
  );
const history = async (user: SessionUser) =>
  historyReviewsSchema.parse((await get('/api/reviews/history', user)).json());
const toReview = async (user: SessionUser) =>
  toReviewItemsSchema.parse((await get('/api/reviews/user', user)).json());

describe('writing a review', () => {
  let shirtBuyer: SessionUser;
  beforeAll(async () => {
    shirtBuyer = await buyer([item('hemp-t-shirt', redM)]);
  });

  it('ROLE-18: someone who did not buy the product is refused with 403; a visitor with 401', async () => {
    const stranger = await buyer([item('wool-socks')]);
    const response = await post(stranger, item('hemp-t-shirt', redM), body());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: reviewMessages.notBought });
    expect((await post(undefined, item('hemp-t-shirt', redM), body())).statusCode).toBe(401);

    const guestSession = await ctx.app.inject({ method: 'POST', url: '/api/subscribers/guest' });
    const guest = guestSession.json<SessionUser>();
    const asGuest = await post(guest, item('hemp-t-shirt', redM), body());
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json()).toEqual({ message: accountServerMessages.guestNotAllowed });
  });

  it('API-39, REVIEW-01: a buyer reviews through any option combination; 201 PENDING for the family; once only', async () => {
    const response = await post(shirtBuyer, item('hemp-t-shirt', blueM), body(4));
    expect(response.statusCode).toBe(201);
    const created = reviewSchema.parse(response.json());
    expect(created).toEqual({
      _id: expect.any(String),
      product: familyId('hemp-t-shirt'),
      rating: 4,
      review: goodText,
      images: [],
      date: expect.any(String),
      status: 'PENDING',
      remarks: '',
    });
    expect(Date.parse(created.date)).toBeGreaterThan(Date.now() - 60_000);

    const again = await post(shirtBuyer, familyId('hemp-t-shirt'), body(5));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: reviewMessages.alreadyReviewed });
  });

  it('API-39: two submissions at the same moment make one review and one 409', async () => {
    const user = await buyer([item('ethiopian-coffee-beans')]);
    const answers = await Promise.all([
      post(user, item('ethiopian-coffee-beans'), body(5)),
      post(user, item('ethiopian-coffee-beans'), body(3)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.db.select().from(reviews).where(eq(reviews.userId, user._id));
    expect(rows).toHaveLength(1);
  });

  it('VAL-44, VAL-45, VAL-46, VAL-48, CONST-06, CONST-07: the server applies the dialog rules with their texts', async () => {
    const product = item('hemp-t-shirt', redM);
    const cases: [unknown, string][] = [
      [{ rating: 5 }, reviewTexts.required],
      [body(5, '        '), reviewTexts.required],
      [body(5, '  short  '), reviewTexts.tooShort],
      [body(5, 'x'.repeat(501)), reviewTexts.tooLong],
      [body(0), reviewTexts.required],
      [body(6), reviewTexts.required],
      [body(4.5), reviewTexts.required],
      [{ review: goodText }, reviewTexts.required],
    ];
    for (const [payload, message] of cases) {
      const response = await post(shirtBuyer, product, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('an unknown product is 404 and a malformed id 400', async () => {
    const unknown = await post(shirtBuyer, randomUUID(), body());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Product not found' });
    const malformed = await post(shirtBuyer, 'not-an-id', body());
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: serverMessages.invalidId });
    expect((await get('/api/reviews/rating/not-an-id')).statusCode).toBe(400);
    expect((await get(`/api/reviews/product/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('a cancelled order gives no right to review and is not listed to review', async () => {
    const user = await buyer([item('acacia-honey')]);
    await ctx.db
      .update(orders)
      .set({ deliveryStatus: 'CANCELLED' })
      .where(eq(orders.userId, user._id));
    expect(await toReview(user)).toEqual([]);
    const response = await post(user, item('acacia-honey'), body());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: reviewMessages.notBought });
  });

  it('VAL-50: images, several allowed, must be uploads of the reviewer', async () => {
    const user = await buyer([item('raw-forest-honey')]);
    const someoneElses = await upload(shirtBuyer);
    const cases = [
      [`/reviews/${randomUUID()}.webp`],
      [`/uploads/reviews/${randomUUID()}.webp`],
      [`/uploads${someoneElses}`],
      [someoneElses],
      ['/etc/passwd'],
      [await upload(user), someoneElses],
    ];
    for (const images of cases) {
      const response = await post(user, item('raw-forest-honey'), body(5, goodText, images));
      expect(response.statusCode, images.join()).toBe(400);
      expect(response.json()).toEqual({ message: reviewMessages.imagesNotUploaded });
    }
    const own = [await upload(user), await upload(user)];
    const response = await post(user, item('raw-forest-honey'), body(5, goodText, own));
    expect(response.statusCode).toBe(201);
    expect(response.json().images).toEqual(own);
  });

  it('accepts image paths with the uploads location in front and stores them relative (issue 10.17)', async () => {
    const user = await buyer([item('ethiopian-coffee-beans')]);
    const [first, second] = [await upload(user), await upload(user)];
    // Old clients send the path as answered before image paths became relative.
    const created = await post(
      user,
      item('ethiopian-coffee-beans'),
      body(5, goodText, [`/uploads${first}`, second]),
    );
    expect(created.statusCode).toBe(201);
    const written = reviewSchema.parse(created.json());
    expect(written.images).toEqual([first, second]);
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, written._id));
    expect(row?.images).toEqual([first, second]);

    const changed = await put(user, written._id, body(4, goodText, [`/uploads${second}`]));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().images).toEqual([second]);
    expect((await history(user))[0]?.images).toEqual([second]);
  });
});

describe('moderation and the product page', () => {
  const tea = () => item('green-tea');
  let teaReviews: Review[];
  let teaUsers: SessionUser[];

  beforeAll(async () => {
    teaUsers = [
      await buyer([tea()], 'Astrid Aas'),
      await buyer([tea()], 'Bjørn Berg'),
      await buyer([tea()], 'Cecilie Dahl'),
      await buyer([tea()], 'Dag Eng'),
      await buyer([tea()], 'Eva Fjeld'),
    ];
    const ratings = [5, 4, 4, 1, 2];
    teaReviews = [];
    for (const [index, user] of teaUsers.entries())
      teaReviews.push(await review(user, tea(), ratings[index]));
    // Known dates for the sorts: Astrid oldest, then Bjørn, then Cecilie.
    const dates = ['2025-01-01T10:00:00Z', '2025-03-01T10:00:00Z', '2025-02-01T10:00:00Z'];
    for (const [index, date] of dates.entries())
      await ctx.db
        .update(reviews)
        .set({ createdAt: new Date(date) })
        .where(eq(reviews.id, required(teaReviews[index], 'tea review')._id));
  });

  const teaReview = (index: number) => required(teaReviews[index], `tea review ${index}`);

  it('API-35, API-36: pending reviews are not shown; no reviews answers zeros', async () => {
    expect(await rating(tea())).toEqual({
      ratings: [5, 4, 3, 2, 1].map((id) => ({ id, count: 0 })),
      total: 0,
      averageRating: 0,
    });
    expect(await productList(tea())).toEqual([]);
  });

  it('only the staff moderate, signed in with the second factor: a customer and a storefront login of the owner get 403, a visitor 401', async () => {
    const customer = required(teaUsers[0], 'customer');
    const asCustomer = await moderate(customer, teaReview(0)._id, { status: 'ACCEPTED' });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: adminMessages.staffOnly });
    const listAsCustomer = await get('/api/admin/reviews', customer);
    expect(listAsCustomer.statusCode).toBe(403);
    expect(listAsCustomer.json()).toEqual({ message: adminMessages.staffOnly });
    const storefrontLogin = await ctx.app.inject({
      remoteAddress: owner.remoteAddress,
      method: 'POST',
      url: '/api/subscribers/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(storefrontLogin.statusCode).toBe(200);
    const ownerInStorefront = storefrontLogin.json<SessionUser>();
    const listAsStorefrontOwner = await get('/api/admin/reviews', ownerInStorefront);
    expect(listAsStorefrontOwner.statusCode).toBe(403);
    expect(listAsStorefrontOwner.json()).toEqual({ message: adminMessages.secondFactorNeeded });
    expect(
      (await moderate(ownerInStorefront, teaReview(0)._id, { status: 'ACCEPTED' })).statusCode,
    ).toBe(403);
    expect((await moderate(undefined, teaReview(0)._id, { status: 'ACCEPTED' })).statusCode).toBe(
      401,
    );
    expect((await get('/api/admin/reviews')).statusCode).toBe(401);
  });

  it('the owner lists pending reviews newest submission first, with product and customer names (issue 13)', async () => {
    const response = await get('/api/admin/reviews?pageSize=100', admin);
    expect(response.statusCode).toBe(200);
    const pending = adminReviewPageSchema.parse(response.json()).reviews;
    const ids = pending.map((entry) => entry._id);
    const teaIds = teaReviews.map((entry) => entry._id);
    expect(ids.filter((id) => teaIds.includes(id))).toEqual([...teaIds].reverse());
    expect(pending.find((entry) => entry._id === teaReview(1)._id)).toMatchObject({
      productName: 'Green Tea',
      userName: 'Bjørn Berg',
      status: 'PENDING',
      rating: 4,
    });
    expect((await get('/api/admin/reviews?status=DONE', admin)).statusCode).toBe(400);
  });

  it('a rejection needs remarks; an unknown review is 404', async () => {
    const response = await moderate(admin, teaReview(3)._id, { status: 'REJECTED' });
    expect(response.statusCode).toBe(400);
    // A back-office call names the refused field too (issue 12).
    expect(response.json()).toEqual({
      message: 'A rejection needs remarks that tell the customer why',
      fieldErrors: { remarks: 'A rejection needs remarks that tell the customer why' },
    });
    const unknown = await moderate(admin, randomUUID(), { status: 'ACCEPTED' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: reviewMessages.reviewNotFound });
  });

  it('API-35: accepted reviews count: per-star counts, total and average over several customers', async () => {
    for (const index of [0, 1, 2]) await accept(teaReview(index)._id);
    const rejected = await moderate(admin, teaReview(3)._id, {
      status: 'REJECTED',
      remarks: 'Please describe the product',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'REJECTED',
      remarks: 'Please describe the product',
    });
    // Eva's 2-star review stays pending.
    const summary = await rating(tea());
    expect(summary).toEqual({
      ratings: [
        { id: 5, count: 1 },
        { id: 4, count: 2 },
        { id: 3, count: 0 },
        { id: 2, count: 0 },
        { id: 1, count: 0 },
      ],
      total: 3,
      averageRating: 4.33,
    });
    expect(await rating(familyId('green-tea'))).toEqual(summary);
    const rejectedList = adminReviewPageSchema.parse(
      (await get('/api/admin/reviews?status=REJECTED&pageSize=100', admin)).json(),
    ).reviews;
    expect(rejectedList.map((entry) => entry._id)).toContain(teaReview(3)._id);
  });

  it('API-36, RATING-06: the four sorts over accepted reviews, with the user name', async () => {
    const names = async (sort?: string) =>
      (await productList(tea(), sort)).map((entry) => entry.user.name);
    expect(await names()).toEqual(['Bjørn Berg', 'Cecilie Dahl', 'Astrid Aas']);
    expect(await names('date:-1')).toEqual(['Bjørn Berg', 'Cecilie Dahl', 'Astrid Aas']);
    expect(await names('date:1')).toEqual(['Astrid Aas', 'Cecilie Dahl', 'Bjørn Berg']);
    expect(await names('rating:-1')).toEqual(['Astrid Aas', 'Bjørn Berg', 'Cecilie Dahl']);
    expect(await names('rating:1')).toEqual(['Bjørn Berg', 'Cecilie Dahl', 'Astrid Aas']);
    expect((await get(`/api/reviews/product/${tea()}?sort=price`)).statusCode).toBe(400);
    const [first] = await productList(tea(), 'date:1');
    expect(first).toEqual({
      _id: teaReview(0)._id,
      rating: 5,
      review: goodText,
      images: [],
      date: '2025-01-01T10:00:00.000Z',
      user: { name: 'Astrid Aas' },
    });
  });

  it('accepting clears remarks of an earlier rejection', async () => {
    const rejected = await moderate(admin, teaReview(4)._id, {
      status: 'REJECTED',
      remarks: 'Too vague',
    });
    expect(rejected.json().remarks).toBe('Too vague');
    const accepted = await moderate(admin, teaReview(4)._id, {
      status: 'ACCEPTED',
      remarks: 'ignored',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'ACCEPTED', remarks: '' });
    expect((await rating(tea())).total).toBe(4);
  });

  it("account deletion takes the customer's reviews off the product", async () => {
    const before = await rating(tea());
    const eva = required(teaUsers[4], 'Eva Fjeld');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/subscribers/profile',
      headers: bearer(eva),
      payload: { email: eva.email },
    });
    expect(deleted.statusCode).toBe(200);
    const after = await rating(tea());
    expect(after.total).toBe(before.total - 1);
    expect(after.ratings.find((entry) => entry.id === 2)?.count).toBe(0);
    expect((await productList(tea())).map((entry) => entry.user.name)).not.toContain('Eva Fjeld');
  });
});

describe('my reviews', () => {
  it('API-37: products bought and not reviewed, once each, with category and latest order date', async () => {
    const user = await buyer([item('hemp-t-shirt', redM), item('wool-socks')]);
    await order(user, [item('hemp-t-shirt', blueM)]);
    await order(user, [item('acacia-honey')]);
    const cancelled = await order(user, [item('green-tea')]);
    await ctx.db
      .update(orders)
      .set({ deliveryStatus: 'CANCELLED' })
      .where(eq(orders.id, cancelled));
    const orderRows = await ctx.db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.userId, user._id));
    // Known order dates in the order they were placed; the cancelled one is the newest.
    const dates = [
      '2025-05-01T08:00:00Z',
      '2025-06-01T08:00:00Z',
      '2025-07-01T08:00:00Z',
      '2025-08-01T08:00:00Z',
    ];
    const byAge = [...orderRows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const [index, row] of byAge.entries())
      await ctx.db
        .update(orders)
        .set({ createdAt: new Date(required(dates[index], 'date')) })
        .where(eq(orders.id, row.id));

    const list = await toReview(user);
    expect(list).toEqual([
      {
        _id: familyId('acacia-honey'),
        name: 'Acacia Honey',
        image: '/products/acacia-honey.webp',
        category: 'Food',
        date: '2025-07-01T08:00:00.000Z',
      },
      {
        _id: familyId('hemp-t-shirt'),
        name: 'Hemp T-Shirt',
        image: '/products/hemp-t-shirt.webp',
        category: 'Garments',
        date: '2025-06-01T08:00:00.000Z',
      },
      {
        _id: familyId('wool-socks'),
        name: 'Wool Socks',
        image: '/products/wool-socks.webp',
        category: 'Garments',
        date: '2025-05-01T08:00:00.000Z',
      },
    ]);

    await review(user, list[1]?._id ?? '', 5);
    expect((await toReview(user)).map((entry) => entry.name)).toEqual([
      'Acacia Honey',
      'Wool Socks',
    ]);
    expect((await get('/api/reviews/user')).statusCode).toBe(401);
  });

  it('API-38, REVIEW-01: history, latest first, with status, product and remarks', async () => {
    const user = await buyer([item('wool-socks'), item('green-tea')]);
    const socks = await review(user, item('wool-socks'), 3);
    const tea = await review(user, item('green-tea'), 4);
    await moderate(admin, socks._id, { status: 'REJECTED', remarks: 'Please say more about fit' });
    await accept(tea._id);

    const list = await history(user);
    expect(list).toEqual([
      {
        _id: tea._id,
        product: {
          _id: familyId('green-tea'),
          name: 'Green Tea',
          heroImage: '/products/green-tea.webp',
        },
        rating: 4,
        review: goodText,
        images: [],
        date: tea.date,
        status: 'ACCEPTED',
        remarks: '',
      },
      {
        _id: socks._id,
        product: {
          _id: familyId('wool-socks'),
          name: 'Wool Socks',
          heroImage: '/products/wool-socks.webp',
        },
        rating: 3,
        review: goodText,
        images: [],
        date: socks.date,
        status: 'REJECTED',
        remarks: 'Please say more about fit',
      },
    ]);
    expect((await get('/api/reviews/history')).statusCode).toBe(401);
  });

  it('API-40, REVIEW-02: a rejected review changed through PUT is PENDING again without remarks', async () => {
    const user = await buyer([item('wool-socks')]);
    const created = await review(user, item('wool-socks'), 2);
    await moderate(admin, created._id, { status: 'REJECTED', remarks: 'Rude words' });

    const image = await upload(user);
    const response = await put(user, created._id, body(3, '  Warm and soft socks.  ', [image]));
    expect(response.statusCode).toBe(200);
    expect(reviewSchema.parse(response.json())).toEqual({
      ...created,
      rating: 3,
      review: 'Warm and soft socks.',
      images: [image],
      status: 'PENDING',
      remarks: '',
    });
    expect((await history(user))[0]).toMatchObject({ status: 'PENDING', remarks: '' });
  });

  it('API-40: editing an accepted review sends it back to moderation', async () => {
    const user = await buyer([item('ethiopian-coffee-beans')], 'Frida Gran');
    const created = await review(user, item('ethiopian-coffee-beans'), 5);
    await accept(created._id);
    const names = async () =>
      (await productList(item('ethiopian-coffee-beans'))).map((entry) => entry.user.name);
    expect(await names()).toContain('Frida Gran');
    const response = await put(user, created._id, body(1, 'Changed my mind about it.'));
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('PENDING');
    expect(await names()).not.toContain('Frida Gran');
  });

  it("ROLE-17: nobody changes another user's review", async () => {
    const author = await buyer([item('acacia-honey')]);
    const other = await buyer([item('acacia-honey')]);
    const created = await review(author, item('acacia-honey'), 4);
    const response = await put(other, created._id, body(1, 'Someone else wrote this.'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: reviewMessages.notYourReview });
    expect((await put(admin, created._id, body(1))).statusCode).toBe(403);
    expect((await put(undefined, created._id, body(1))).statusCode).toBe(401);
    const unknown = await put(author, randomUUID(), body(1));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: reviewMessages.reviewNotFound });
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, created._id));
    expect(row?.rating).toBe(4);
  });

  it("images of a change must be the author's uploads too", async () => {
    const author = await buyer([item('raw-forest-honey')]);
    const created = await review(author, item('raw-forest-honey'), 4);
    const response = await put(author, created._id, body(4, goodText, [await upload(admin)]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: reviewMessages.imagesNotUploaded });
  });
});
