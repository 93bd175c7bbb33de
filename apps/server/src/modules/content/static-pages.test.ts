import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AdminStaticPage,
  type AdminStaticPages,
  defaultStaticPage,
  type ShopDetailsEditor,
  shopSettingDefaults,
  type StaticPage,
  staticPageMessages,
  staticPageSlugs,
} from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { type BackOfficeTestApp, createBackOfficeTestApp } from '../../test/back-office-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { staticPages } from './content.tables.js';

// The storefront's text pages (issue 14). The answers are response-cached here as in the shop,
// so every test also shows that a save, a restore and a change of the shop's details clear it.

let app: BackOfficeTestApp;
const now = new Date('2026-05-04T10:00:00Z');

beforeAll(async () => {
  app = await createBackOfficeTestApp({ RESPONSE_CACHE_SECONDS: '600' }, { clock: () => now });
});
afterAll(async () => app?.ctx.close());
beforeEach(async () => {
  await app.ctx.db.delete(staticPages);
  await app.ctx.db.delete(auditLog).where(eq(auditLog.entity, 'static-page'));
  app.ctx.app.responseCache.clear();
});

type Who = 'owner' | 'staff' | 'nobody';

function call(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  who: Who = 'staff',
) {
  const token = who === 'nobody' ? undefined : app[who].session.accessToken;
  return app.ctx.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The page as the storefront reads it, in the API's English unless a language is named. */
async function publicPage(slug: string, language?: string): Promise<StaticPage> {
  const response = await app.ctx.app.inject({
    method: 'GET',
    url: `/api/pages/${slug}`,
    headers: language ? { 'accept-language': language } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaticPage>();
}

async function adminPage(slug: string): Promise<AdminStaticPage> {
  const response = await call('GET', `/api/admin/pages/${slug}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminStaticPage>();
}

async function save(
  slug: string,
  body: {
    title?: string;
    html: string;
    titleEn?: string;
    htmlEn?: string;
    updatedAt?: string | null;
  },
): Promise<AdminStaticPage> {
  const loaded = await adminPage(slug);
  const response = await call('PUT', `/api/admin/pages/${slug}`, {
    title: loaded.title,
    updatedAt: loaded.updatedAt,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminStaticPage>();
}

function auditRows(slug: string) {
  return app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'static-page'), eq(auditLog.entityId, slug)))
    .orderBy(desc(auditLog.id));
}

/** The page's words without its markup, as a shopper reads them. */
const words = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

async function changeShopDetails(changes: Partial<ShopDetailsEditor>) {
  const loaded = await call('GET', '/api/admin/settings/shop', undefined, 'owner');
  const { savedAt, ...details } = loaded.json<ShopDetailsEditor>();
  const saved = await call(
    'PUT',
    '/api/admin/settings/shop',
    { ...details, ...changes, savedAt },
    'owner',
  );
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('GET /api/pages/{slug}', () => {
  it('STATIC-01..07 answers each page’s default text, written with the shop’s details', async () => {
    const shop = shopSettingDefaults.shopDetails;
    for (const slug of staticPageSlugs) {
      expect(await publicPage(slug)).toEqual({
        slug,
        ...defaultStaticPage(slug, shop),
        updatedAt: null,
      });
    }
  });

  it('(issue 14) the default follows a change of the shop’s details at once, cache and all', async () => {
    expect(words((await publicPage('terms')).html)).toContain(
      `The seller is ${shopSettingDefaults.shopDetails.name},`,
    );
    await changeShopDetails({ name: 'Fjordhandel', email: 'hei@fjordhandel.no' });
    try {
      const terms = words((await publicPage('terms')).html);
      expect(terms).toContain('The seller is Fjordhandel,');
      expect(terms).toContain('e-mail hei@fjordhandel.no');
      expect((await publicPage('about')).html).toMatch(/^<p>Fjordhandel is a small family-run/);
    } finally {
      const { name, email } = shopSettingDefaults.shopDetails;
      await changeShopDetails({ name, email });
    }
  });

  it('CONST-27 CONST-28 CONST-29 CONST-30 CONST-31 CONST-32 CONST-33 CONST-34 CONST-35 CONST-36 CONST-37 CONST-38 CONST-39 CONST-40 the default policies state every policy fact of the spec', async () => {
    const text = Object.fromEntries(
      await Promise.all(
        staticPageSlugs.map(async (slug) => [slug, words((await publicPage(slug)).html)]),
      ),
    ) as Record<(typeof staticPageSlugs)[number], string>;
    expect(text.return).toContain('within 14 days of receiving them');
    expect(text.refund).toContain('Refunds are made within 7-10 working days');
    expect(text.delivery).toContain('within 30 days at most');
    expect(text.delivery).toContain('dispatched within two working days');
    expect(text.delivery).toContain(
      'Standard domestic shipping within Norway takes 3-5 working days',
    );
    expect(text.terms).toContain('within two months of discovery');
    expect(text.terms).toContain('two years after you received the goods');
    expect(text.terms).toContain('five years for goods meant to last considerably longer');
    expect(text.terms).toContain('at most two repair attempts');
    expect(text.terms).toContain('All prices include VAT');
    expect(text.delivery).toContain('We do not deliver to Svalbard');
    expect(text.return).toContain('Return shipping is paid by the customer');
    expect(text.refund).toContain('Shipping fees are non-refundable');
    expect(text.return).toMatch(/Custom-made.*Perishable goods.*Intimate and hygiene goods/);
  });

  it('(issue 14) an unknown page is a 404 with a message', async () => {
    for (const url of ['/api/pages/faq', '/api/pages/ABOUT', `/api/pages/${'x'.repeat(60)}`]) {
      const response = await app.ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: staticPageMessages.notFound });
    }
  });
});

describe('the back office’s pages', () => {
  it.each([
    ['GET', '/api/admin/pages'],
    ['GET', '/api/admin/pages/about'],
    ['PUT', '/api/admin/pages/about'],
    ['DELETE', '/api/admin/pages/about'],
  ] as const)('(issue 14) %s %s: 401 signed out, 403 for a customer', async (method, url) => {
    const body =
      method === 'PUT' ? { title: 'About', html: '<p>x</p>', updatedAt: null } : undefined;
    expect((await call(method, url, body, 'nobody')).statusCode).toBe(401);
    const customer = await createVerifiedUser(app.ctx.app, app.ctx.db);
    const asCustomer = await app.ctx.app.inject({
      method,
      url,
      headers: bearer(customer),
      ...(body === undefined ? {} : { payload: body }),
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await publicPage('about')).updatedAt).toBeNull();
  });

  it('(issue 14) lists the six pages with their storefront paths and whether each is customised', async () => {
    await save('delivery', { html: '<p>We ship.</p>' });
    const response = await call('GET', '/api/admin/pages');
    expect(response.statusCode).toBe(200);
    const { pages } = response.json<AdminStaticPages>();
    expect(pages.map((page) => [page.slug, page.path, page.customised])).toEqual([
      ['about', '/about', false],
      ['terms', '/terms-conditions', false],
      ['refund', '/refund', false],
      ['return', '/return', false],
      ['privacy', '/privacy', false],
      ['delivery', '/delivery-terms-conditions', true],
    ]);
    expect(pages[5]).toMatchObject({
      title: 'Frakt og levering',
      titleEn: 'Shipping and Delivery policy',
      updatedByEmail: app.staff.email,
      updatedAt: now.toISOString(),
    });
    expect(pages[5]).not.toHaveProperty('html');
  });

  it('(issue 14) staff save a page: the storefront shows it, and the audit log has the change', async () => {
    const before = await publicPage('delivery', 'nb');
    const saved = await save('delivery', {
      title: '  Delivery terms  ',
      html: '<h2>Parcels</h2><p>Sent <strong>daily</strong>.</p><h3>Abroad</h3><ul><li><p>EU</p></li></ul>',
    });
    expect(saved).toMatchObject({
      title: 'Delivery terms',
      html: '<h2>Parcels</h2><p>Sent <strong>daily</strong>.</p><h3>Abroad</h3><ul><li><p>EU</p></li></ul>',
      customised: true,
      updatedAt: now.toISOString(),
      updatedByEmail: app.staff.email,
    });
    expect(await publicPage('delivery', 'nb')).toEqual({
      slug: 'delivery',
      title: 'Delivery terms',
      html: saved.html,
      updatedAt: now.toISOString(),
    });
    const [audit] = await auditRows('delivery');
    expect(audit).toMatchObject({ action: 'update', actorEmail: app.staff.email });
    expect(audit?.changes).toEqual({
      title: { from: before.title, to: 'Delivery terms' },
      html: { from: before.html, to: saved.html },
    });
  });

  it('(issue 14) the text is sanitised: scripts, handlers, styles, frames and unsafe links go', async () => {
    const saved = await save('about', {
      html:
        '<h1>Big</h1><p onclick="steal()" style="color:red" class="x">Hello</p>' +
        '<script>alert(1)</script><style>body{display:none}</style>' +
        '<iframe src="https://evil.example"></iframe><img src="x" onerror="alert(1)">' +
        '<p><a href="javascript:alert(1)">a</a> <a href="http://plain.example">b</a> ' +
        '<a href="//evil.example">c</a> <a href="https://ok.example" target="_blank">d</a> ' +
        '<a href="mailto:post@example.no">e</a> <a href="/refund">f</a></p>',
    });
    expect(saved.html).toBe(
      'Big<p>Hello</p><p><a rel="noopener noreferrer">a</a> <a rel="noopener noreferrer">b</a> ' +
        '<a rel="noopener noreferrer">c</a> <a href="https://ok.example" rel="noopener noreferrer">d</a> ' +
        '<a href="mailto:post@example.no" rel="noopener noreferrer">e</a> ' +
        '<a href="/refund" rel="noopener noreferrer">f</a></p>',
    );
  });

  it('(issue 14) every default text passes the sanitiser unchanged, so saving it keeps it whole', async () => {
    for (const slug of staticPageSlugs) {
      const loaded = await adminPage(slug);
      const saved = await save(slug, { title: `${loaded.title} (ours)`, html: loaded.html });
      expect(saved.html, slug).toBe(loaded.html);
      expect(saved.customised).toBe(true);
    }
  });

  it('(issue 14) saving the default text unchanged stores nothing, so it keeps following the shop', async () => {
    const loaded = await adminPage('refund');
    const saved = await save('refund', { html: loaded.html });
    expect(saved).toEqual(loaded);
    expect(await auditRows('refund')).toHaveLength(0);
  });

  it('(issue 14) a text without words is refused beside the field', async () => {
    for (const html of ['', '<p></p><p><br></p>', '<p>&nbsp; </p>', '<script>alert(1)</script>']) {
      const response = await call('PUT', '/api/admin/pages/terms', {
        title: 'Terms',
        html,
        updatedAt: null,
      });
      expect(response.statusCode, html).toBe(400);
      expect(response.json()).toEqual({
        message: staticPageMessages.empty,
        fieldErrors: { html: staticPageMessages.empty },
      });
    }
    expect((await publicPage('terms')).updatedAt).toBeNull();
  });

  it('(issue 14) a bad title, a missing updatedAt or an unknown page is refused with its message', async () => {
    const blank = await call('PUT', '/api/admin/pages/terms', {
      title: '   ',
      html: '<p>x</p>',
      updatedAt: null,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ title: staticPageMessages.titleRequired });
    const long = await call('PUT', '/api/admin/pages/terms', {
      title: 'x'.repeat(121),
      html: '<p>x</p>',
      updatedAt: null,
    });
    expect(long.json().fieldErrors).toEqual({ title: staticPageMessages.titleTooLong });
    const noStamp = await call('PUT', '/api/admin/pages/terms', { title: 'T', html: '<p>x</p>' });
    expect(noStamp.statusCode).toBe(400);
    expect(noStamp.json().fieldErrors).toEqual({
      updatedAt: staticPageMessages.updatedAtRequired,
    });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(
        method,
        '/api/admin/pages/faq',
        method === 'PUT' ? { title: 'T', html: '<p>x</p>', updatedAt: null } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe(staticPageMessages.notFound);
    }
  });

  it('(issue 14) a save over someone else’s save or restore is refused with 409', async () => {
    const fromDefault = { title: 'Privacy', html: '<p>Ours.</p>', updatedAt: null };
    const first = await call('PUT', '/api/admin/pages/privacy', fromDefault);
    expect(first.statusCode).toBe(200);
    const firstStamp = first.json<AdminStaticPage>().updatedAt;

    // A second editor opened the default before the first saved.
    const stale = await call('PUT', '/api/admin/pages/privacy', fromDefault, 'owner');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(staticPageMessages.conflict);

    const second = await call('PUT', '/api/admin/pages/privacy', {
      title: 'Privacy',
      html: '<p>Ours, again.</p>',
      updatedAt: firstStamp,
    });
    expect(second.statusCode).toBe(200);
    // Saved in the same millisecond of the clock, and still a new stamp.
    expect(Date.parse(second.json<AdminStaticPage>().updatedAt ?? '')).toBeGreaterThan(
      Date.parse(firstStamp ?? ''),
    );
    const overwriting = await call('PUT', '/api/admin/pages/privacy', {
      title: 'Privacy',
      html: '<p>Older.</p>',
      updatedAt: firstStamp,
    });
    expect(overwriting.statusCode).toBe(409);

    // Restored meanwhile: the editor's stamp no longer matches anything.
    expect((await call('DELETE', '/api/admin/pages/privacy')).statusCode).toBe(200);
    const afterRestore = await call('PUT', '/api/admin/pages/privacy', {
      title: 'Privacy',
      html: '<p>Ours, once more.</p>',
      updatedAt: second.json<AdminStaticPage>().updatedAt,
    });
    expect(afterRestore.statusCode).toBe(409);
    expect((await publicPage('privacy')).updatedAt).toBeNull();
  });

  it('(issue 14) two editors saving the default at once: one save, one 409', async () => {
    const body = (words: string) => ({ title: 'Return', html: `<p>${words}</p>`, updatedAt: null });
    const answers = await Promise.all([
      call('PUT', '/api/admin/pages/return', body('First.')),
      call('PUT', '/api/admin/pages/return', body('Second.'), 'owner'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await auditRows('return')).toHaveLength(1);
  });

  it('(issue 14) “Restore the default text” removes the saved page; the storefront shows the default again', async () => {
    const saved = await save('terms', { title: 'Our terms', html: '<p>Short terms.</p>' });
    expect((await publicPage('terms', 'nb')).title).toBe('Our terms');
    const restored = await call('DELETE', '/api/admin/pages/terms', undefined, 'staff');
    expect(restored.statusCode).toBe(200);
    const defaults = defaultStaticPage('terms', shopSettingDefaults.shopDetails, 'nb');
    const english = defaultStaticPage('terms', shopSettingDefaults.shopDetails, 'en');
    expect(restored.json()).toMatchObject({
      ...defaults,
      titleEn: english.title,
      htmlEn: english.html,
      customised: false,
      updatedAt: null,
    });
    expect(await publicPage('terms')).toEqual({ slug: 'terms', ...english, updatedAt: null });
    expect(await publicPage('terms', 'nb')).toEqual({
      slug: 'terms',
      ...defaults,
      updatedAt: null,
    });
    const [audit] = await auditRows('terms');
    expect(audit).toMatchObject({ action: 'restore-default', actorEmail: app.staff.email });
    expect(audit?.changes).toEqual({
      title: { from: 'Our terms', to: defaults.title },
      html: { from: saved.html, to: defaults.html },
    });
    // Restoring the default again changes nothing and logs nothing.
    expect((await call('DELETE', '/api/admin/pages/terms')).statusCode).toBe(200);
    expect(await auditRows('terms')).toHaveLength(2);
  });
});

describe('the pages in two languages (issue 31.5, 31.8)', () => {
  it('answers the bokmål default to a bokmål request and the English one to any other', async () => {
    const shop = shopSettingDefaults.shopDetails;
    for (const slug of staticPageSlugs) {
      expect(await publicPage(slug, 'nb-NO,nb;q=0.9')).toEqual({
        slug,
        ...defaultStaticPage(slug, shop, 'nb'),
        updatedAt: null,
      });
      expect(await publicPage(slug, 'en')).toEqual(await publicPage(slug));
    }
    const terms = words((await publicPage('terms', 'nb')).html);
    expect(terms).toContain('Reklamasjonsfristen er to år etter at du mottok varen');
    expect(terms).toContain('fem år for varer som er ment å vare vesentlig lenger');
    expect(terms).toContain('innen rimelig tid');
    expect(terms).toContain(`org.nr. ${shop.organisationNumber.replace(/(\d{3})(?=\d)/g, '$1 ')}`);
    const withdrawal = words((await publicPage('return', 'nb')).html);
    expect(withdrawal).toContain('innen 14 dager etter at du mottok dem');
    expect(withdrawal).toContain('Angreskjema');
    expect(withdrawal).toContain('ønsker å gå fra min/vår (*) avtale om kjøp');
    expect(words((await publicPage('return')).html)).toContain('Standard withdrawal form');
  });

  it('saves the English beside the bokmål; each language shows its own, bokmål where none', async () => {
    const saved = await save('refund', {
      title: 'Refusjon',
      html: '<p>Pengene tilbake.</p>',
      titleEn: ' Refunds ',
      htmlEn: '<p onclick="x()">Money back.</p>',
    });
    expect(saved).toMatchObject({
      title: 'Refusjon',
      titleEn: 'Refunds',
      html: '<p>Pengene tilbake.</p>',
      htmlEn: '<p>Money back.</p>',
    });
    expect(await adminPage('refund')).toEqual(saved);
    expect(await publicPage('refund', 'nb')).toMatchObject({
      title: 'Refusjon',
      html: '<p>Pengene tilbake.</p>',
    });
    expect(await publicPage('refund')).toMatchObject({
      title: 'Refunds',
      html: '<p>Money back.</p>',
    });

    // An English without words falls back to the bokmål, field by field.
    const emptied = await save('refund', {
      html: saved.html,
      titleEn: 'Refunds',
      htmlEn: '<p> </p>',
    });
    expect(emptied.htmlEn).toBe('');
    expect(await publicPage('refund', 'en')).toMatchObject({
      title: 'Refunds',
      html: '<p>Pengene tilbake.</p>',
    });
    const [audit] = await auditRows('refund');
    expect(audit?.changes).toEqual({ htmlEn: { from: '<p>Money back.</p>', to: '' } });
    const long = await call('PUT', '/api/admin/pages/refund', {
      title: 'Refusjon',
      titleEn: 'x'.repeat(121),
      html: '<p>x</p>',
      updatedAt: emptied.updatedAt,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ titleEn: staticPageMessages.titleTooLong });
  });
});
