import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminProductSchema,
  PREVIEW_LINK_MINUTES,
  productDetailSchema,
  productPreviewApiPath,
  productPreviewLinkSchema,
  productPreviewMessages,
  type AdminProduct,
  type ProductPreviewLink,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  productSaveRequestOf,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { notificationsDelivered } from '../../test/notifications.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { CATALOGUE_WRITES_CHANNEL, CLEARS_CHANNEL } from '../../plugins/cache-invalidations.js';
import { loadSigningKey } from '../accounts/session-tokens.js';
import { products } from './catalog.tables.js';
import { signProductPreview } from './product-preview.js';

/**
 * A stand-in for the web build's renderer that numbers its renders, so a test sees whether a
 * page was rendered afresh or served as kept; a path naming `no-such` is a page not found.
 */
const countingRenderer = `
let renders = 0;
export function configureRender() {}
export async function renderPage({ url }) {
  renders += 1;
  const pathname = new URL(url, 'http://shop.invalid').pathname;
  return {
    html: '<p id="render">' + renders + '</p>',
    stateScript: '',
    head: { title: 'Page', description: '', canonicalPath: pathname, notFound: pathname.includes('no-such'), noIndex: true },
  };
}
`;

const indexHtml =
  '<!doctype html><html lang="nb"><head><title>Shop</title></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let catalog: CatalogFixture;
let owner: StaffMember;
let webDist: string;
let key: Uint8Array;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), indexHtml);
  await fs.mkdir(path.join(webDist, 'ssr'));
  await fs.writeFile(path.join(webDist, 'ssr', 'entry-server.mjs'), countingRenderer);
  // The response cache on, as in a shop, so a test sees that previews never enter it.
  ctx = await createTestApp({ WEB_DIST_DIR: webDist, RESPONSE_CACHE_SECONDS: '60' });
  catalog = await insertCatalogFixture(ctx.db);
  owner = await createStaffMember(ctx.app, ctx.db);
  key = await loadSigningKey(ctx.env);
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const fixtureId = (slug: string) => required(catalog.products[slug], slug).id;

const asStaff = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  member: StaffMember = owner,
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(member.session),
    ...(payload === undefined ? {} : { payload }),
  });

/** A draft: the back office's copy of the fixture's green tea. */
async function draft(): Promise<AdminProduct> {
  const copy = await asStaff('POST', `/api/admin/products/${fixtureId('green-tea')}/duplicate`);
  expect(copy.statusCode).toBe(201);
  const product = adminProductSchema.parse(copy.json());
  expect(product.status).toBe('draft');
  return product;
}

async function previewLink(productId: string, member = owner): Promise<ProductPreviewLink> {
  const response = await asStaff('POST', `/api/admin/products/${productId}/preview`, member);
  expect(response.statusCode, response.body).toBe(201);
  return productPreviewLinkSchema.parse(response.json());
}

/** The token a link's storefront path names. */
const tokenOf = (link: ProductPreviewLink) => {
  const match = /^\/preview\/([^/?]+)$/.exec(link.path);
  return decodeURIComponent(required(match?.[1], `token in ${link.path}`));
};

const openPreview = (token: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: productPreviewApiPath(token), headers });

/**
 * Waits until the clears of earlier writes have come back, so the response cache keeps what is
 * asked next rather than forgetting it mid-test.
 */
async function cacheSettled() {
  await notificationsDelivered(ctx.database, CATALOGUE_WRITES_CHANNEL);
  await notificationsDelivered(ctx.database, CLEARS_CHANNEL);
}

function expectPreviewHeaders(response: { headers: Record<string, unknown> }) {
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  // Neither kept nor served by the response cache, which marks every answer it handles.
  expect(response.headers['x-cache']).toBeUndefined();
}

function expectRefused(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ message: productPreviewMessages.invalid });
}

describe('preview links of a product (issue 34.4)', () => {
  it('(issue 34.4) staff get a link to a draft, good for PREVIEW_LINK_MINUTES', async () => {
    const product = await draft();
    const staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Siv Staff' });
    const before = Date.now();
    const link = await previewLink(product.id, staff);
    const after = Date.now();
    expect(link.path).toMatch(/^\/preview\/[\w-]+\.[\w-]+\.[\w-]+$/);
    // The expiry is in whole seconds from the moment of signing, between before and after.
    const expiresAt = new Date(link.expiresAt).getTime();
    expect(expiresAt - before).toBeGreaterThan((PREVIEW_LINK_MINUTES * 60 - 1) * 1000);
    expect(expiresAt - after).toBeLessThanOrEqual(PREVIEW_LINK_MINUTES * 60 * 1000);
  });

  it("(issue 34.4) asking for a link leaves the storefront's kept answers alone: it shows shoppers nothing new", async () => {
    const product = await draft();
    await cacheSettled();
    const slugUrl = `/api/products/green-tea/slug`;
    await ctx.app.inject({ url: slugUrl });
    expect((await ctx.app.inject({ url: slugUrl })).headers['x-cache']).toBe('hit');
    await previewLink(product.id);
    expect((await ctx.app.inject({ url: slugUrl })).headers['x-cache']).toBe('hit');
  });

  it('(issue 34.4) a shopper or an anonymous caller gets no link, and an unknown product answers as the other product calls do', async () => {
    const product = await draft();
    const url = `/api/admin/products/${product.id}/preview`;
    const anonymous = await ctx.app.inject({ method: 'POST', url });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await createVerifiedUser(ctx.app, ctx.db);
    const refused = await ctx.app.inject({ method: 'POST', url, headers: bearer(shopper) });
    expect(refused.statusCode).toBe(403);

    const unknownId = '00000000-0000-4000-8000-000000000000';
    const unknown = await asStaff('POST', `/api/admin/products/${unknownId}/preview`);
    const unknownProduct = await asStaff('GET', `/api/admin/products/${unknownId}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknownProduct.statusCode).toBe(404);
    expect(unknown.json()).toEqual(unknownProduct.json());
  });

  it("(issue 34.4) the link's API answers the draft, never kept nor indexed, while its slug answers 404", async () => {
    const product = await draft();
    const token = tokenOf(await previewLink(product.id));
    for (let visit = 0; visit < 2; visit += 1) {
      const response = await openPreview(token);
      expect(response.statusCode, response.body).toBe(200);
      expectPreviewHeaders(response);
      const detail = productDetailSchema.parse(response.json());
      expect(detail.slug).toBe(product.slug);
      expect(detail.name).toBe(product.name);
    }
    const bySlug = await ctx.app.inject({ url: `/api/products/${product.slug}/slug` });
    expect(bySlug.statusCode).toBe(404);
    // The cache is on: the slug route of a product on sale is kept, the preview above was not.
    const slugUrl = `/api/products/green-tea/slug`;
    await cacheSettled();
    expect((await ctx.app.inject({ url: slugUrl })).headers['x-cache']).toBe('miss');
    expect((await ctx.app.inject({ url: slugUrl })).headers['x-cache']).toBe('hit');
  });

  it('(issue 34.4) a published product answers through its link exactly as through its slug, in both languages', async () => {
    const product = await draft();
    const saved = await asStaff(
      'PUT',
      `/api/admin/products/${product.id}`,
      owner,
      productSaveRequestOf(product, { status: 'published' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const token = tokenOf(await previewLink(product.id));
    for (const language of ['nb', 'en']) {
      const headers = { 'accept-language': language };
      const preview = await openPreview(token, headers);
      const bySlug = await ctx.app.inject({ url: `/api/products/${product.slug}/slug`, headers });
      expect(bySlug.statusCode).toBe(200);
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toEqual(bySlug.json());
    }
  });

  it('(issue 34.4) after an edit of the draft the same link shows the change', async () => {
    const product = await draft();
    const token = tokenOf(await previewLink(product.id));
    expect(productDetailSchema.parse((await openPreview(token)).json()).name).toBe(product.name);
    const saved = await asStaff(
      'PUT',
      `/api/admin/products/${product.id}`,
      owner,
      productSaveRequestOf(product, { name: 'Forhåndsvist te' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await openPreview(token);
    expectPreviewHeaders(after);
    expect(productDetailSchema.parse(after.json()).name).toBe('Forhåndsvist te');
  });

  it('(issue 34.4) a tampered token, an access token and an expired token answer 404 with the message, and a preview token is no access token', async () => {
    const product = await draft();
    const token = tokenOf(await previewLink(product.id));
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(required(payload, 'payload'), 'base64url').toString());
    const otherProduct = Buffer.from(
      JSON.stringify({ ...claims, sub: fixtureId('wool-socks') }),
    ).toString('base64url');
    const expired = await signProductPreview(
      key,
      { productId: product.id, staffId: owner.id },
      new Date(Date.now() - (PREVIEW_LINK_MINUTES + 1) * 60 * 1000),
    );
    // Signed with the right key and claims, for the access tokens' audience.
    const otherAudience = await new SignJWT({ staff: owner.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(product.id)
      .setIssuer('nordic-shop')
      .setAudience('nordic-shop-api')
      .setExpirationTime('10m')
      .sign(key);
    for (const bad of [
      `${header}.${otherProduct}.${signature}`,
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      owner.session.accessToken,
      otherAudience,
      expired.token,
      'not-a-token',
    ]) {
      const response = await openPreview(bad);
      expectRefused(response);
      expectPreviewHeaders(response);
    }
    // The same claims for the right audience and time open it: the refusals were theirs.
    expect((await openPreview(token)).statusCode).toBe(200);
    // Nor is a preview token an access token.
    const asBearer = await ctx.app.inject({
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });

  it("(issue 34.4) a removed staff member's link and a deleted product's link answer 404 with the message", async () => {
    const product = await draft();
    const leaving = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Ola Går' });
    const leaversToken = tokenOf(await previewLink(product.id, leaving));
    expect((await openPreview(leaversToken)).statusCode).toBe(200);
    expect((await asStaff('DELETE', `/api/admin/staff/${leaving.id}`)).statusCode).toBe(204);
    expectRefused(await openPreview(leaversToken));

    const ownersToken = tokenOf(await previewLink(product.id));
    expect((await openPreview(ownersToken)).statusCode).toBe(200);
    expect((await asStaff('DELETE', `/api/admin/products/${product.id}`)).statusCode).toBe(204);
    const deleted = await openPreview(ownersToken);
    expectRefused(deleted);
    expectPreviewHeaders(deleted);
    expect((await asStaff('POST', `/api/admin/products/${product.id}/preview`)).statusCode).toBe(
      404,
    );
  });

  it('(issue 34.4) the storefront page of a link is rendered afresh each time, never kept nor indexed', async () => {
    const product = await draft();
    const link = await previewLink(product.id);
    const renders: string[] = [];
    for (const url of [link.path, link.path, `/en${link.path}`]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expectPreviewHeaders(response);
      renders.push(required(/<p id="render">(\d+)<\/p>/.exec(response.body)?.[1], 'render'));
    }
    expect(new Set(renders).size).toBe(3);
    // A bad link's page is not found, and as private.
    const notFound = await ctx.app.inject({ url: '/preview/no-such-token' });
    expect(notFound.statusCode).toBe(404);
    expectPreviewHeaders(notFound);
    // Other pages are kept: the cache is on.
    await cacheSettled();
    expect((await ctx.app.inject({ url: '/about' })).headers['x-cache']).toBe('miss');
    expect((await ctx.app.inject({ url: '/about' })).headers['x-cache']).toBe('hit');
  });

  it('(issue 34.4) robots.txt keeps crawlers off the preview pages and their API', async () => {
    const robots = (await ctx.app.inject({ url: '/robots.txt' })).body;
    expect(robots).toMatch(/^Disallow: \/preview\/$/m);
    expect(robots).toMatch(/^Disallow: \/en\/preview\/$/m);
    // The API answer is under /api/, closed, and no opening for the pages' calls reaches it.
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    const openings = [...robots.matchAll(/^Allow: (\S+)$/gm)].map((line) => line[1] ?? '');
    expect(openings.filter((path) => productPreviewApiPath('x').startsWith(path))).toEqual(['/']);
  });

  it('(issue 34.4) a product whose slug is "preview" keeps its calls: previews are not under /api/products/', async () => {
    const id = fixtureId('acacia-honey');
    await ctx.db.update(products).set({ slug: 'preview' }).where(eq(products.id, id));
    try {
      const page = await ctx.app.inject({ url: '/api/products/preview/slug' });
      expect(page.statusCode, page.body).toBe(200);
      expect(productDetailSchema.parse(page.json()).slug).toBe('preview');
      expect((await ctx.app.inject({ url: '/api/products/preview/offers' })).statusCode).toBe(200);
    } finally {
      await ctx.db.update(products).set({ slug: 'acacia-honey' }).where(eq(products.id, id));
    }
  });

  it('(issue 34.4) the OpenAPI document describes both calls', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    for (const [call, method, tag] of [
      ['/api/admin/products/{id}/preview', 'post', 'Back office'],
      ['/api/previews/products/{token}', 'get', 'Catalogue'],
    ] as const) {
      const operation = document.paths[call]?.[method];
      expect(operation?.tags, call).toEqual([tag]);
      expect(operation?.summary, call).toMatch(/\(ours\)$/);
    }
  });
});
