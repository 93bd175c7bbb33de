import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminCleaningPhoto,
  type AdminCleaningPhotos,
  type AdminCleaningService,
  type AdminCleaningServices,
  type CleaningEnquiryAddress,
  type CleaningPhoto,
  type CleaningServiceTile,
  cleaningAdminMessages,
  contentAdminMessages,
  imageSizesOf,
  MAX_CLEANING_PHOTOS,
  MAX_CLEANING_SERVICES,
  settingsMessages,
  shopSettingDefaults,
} from '@shop/shared';
import {
  createVerifiedUser,
  receivedMail,
  uniqueEmail,
  uniqueIp,
} from '../../test/account-fixtures.js';
import { createBackOfficeTestApp } from '../../test/back-office-app.js';
import type { TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { cleaningGallery } from './cleaning-gallery.js';
import { cleaningPhotos, cleaningServices } from './enquiries.tables.js';

let ctx: TestContext;
let ownerToken: string;
let staffToken: string;
let customerToken: string;

beforeAll(async () => {
  // A long cache: the storefront's reads below show that every write clears it.
  const app = await createBackOfficeTestApp({ RESPONSE_CACHE_SECONDS: '600' });
  ctx = app.ctx;
  ownerToken = app.owner.session.accessToken;
  staffToken = app.staff.session.accessToken;
  customerToken = (await createVerifiedUser(ctx.app, ctx.db)).accessToken;
});
afterAll(async () => ctx?.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  token: string | undefined = staffToken,
) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function ok<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: unknown,
  status = 200,
): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

async function refused(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload: unknown,
  status: number,
): Promise<string> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ message: string }>().message;
}

/** A storefront read, in bokmål (the texts the back office edits first) unless told otherwise. */
async function storefront<T>(url: string, language: string | null = 'nb'): Promise<T> {
  const response = await ctx.app.inject({
    method: 'GET',
    url,
    headers: language ? { 'accept-language': language } : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

/** `null` names no language: the API's English, as before issue 31. */
const tiles = (language?: string | null) =>
  storefront<CleaningServiceTile[]>('/api/cleaning/services', language);
const gallery = (language?: string | null) =>
  storefront<CleaningPhoto[]>('/api/cleaning/gallery', language);
const adminServices = async () =>
  (await ok<AdminCleaningServices>('GET', '/api/admin/cleaning/services')).services;
const adminPhotos = async () =>
  (await ok<AdminCleaningPhotos>('GET', '/api/admin/cleaning/photos')).photos;

async function auditOf(entity: string, entityId: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));
}

/** Uploads a small PNG as the back office's photo field does; answers the stored path. */
async function upload(folder: 'cleaning-gallery' | 'carousel'): Promise<string> {
  // Wider than the narrowest size, so it has one.
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a8' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'photo.png');
  const request = new Request('http://shop.test/', { method: 'POST', body: form });
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/images?folder=${folder}`,
    headers: {
      authorization: `Bearer ${staffToken}`,
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<string>();
}

const sendEnquiry = (email: string) =>
  ctx.app.inject({
    remoteAddress: uniqueIp(),
    method: 'POST',
    url: '/api/notification/addenquiry',
    payload: { fullname: 'Åse Øren', email, phone: '+47 912 34 567', message: 'A deep clean.' },
  });

describe('access to /api/admin/cleaning (issue 14)', () => {
  it('answers 401 signed out and 403 to a shopper; staff and the owner may work the page', async () => {
    const calls: ['GET' | 'POST' | 'PUT', string, unknown][] = [
      ['GET', '/api/admin/cleaning/services', undefined],
      ['POST', '/api/admin/cleaning/services', { name: 'X', description: 'Y', icon: 'house' }],
      ['GET', '/api/admin/cleaning/photos', undefined],
      ['GET', '/api/admin/cleaning/enquiry-address', undefined],
      ['PUT', '/api/admin/cleaning/enquiry-address', { email: '', savedAt: null }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, body, '')).statusCode, url).toBe(401);
      expect((await call(method, url, body, customerToken)).statusCode, url).toBe(403);
    }
    expect(
      (await call('GET', '/api/admin/cleaning/services', undefined, ownerToken)).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/admin/cleaning/photos')).statusCode).toBe(200);
    expect(await ctx.db.select().from(cleaningServices)).toHaveLength(12);
  });

  it('describes every call in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, unknown> }>().paths;
    for (const path of [
      '/api/cleaning/services',
      '/api/cleaning/gallery',
      '/api/admin/cleaning/services',
      '/api/admin/cleaning/services/order',
      '/api/admin/cleaning/services/{id}',
      '/api/admin/cleaning/photos',
      '/api/admin/cleaning/photos/order',
      '/api/admin/cleaning/photos/{id}',
      '/api/admin/cleaning/enquiry-address',
    ])
      expect(paths[path], path).toBeDefined();
  });
});

describe('the service tiles (issue 14)', () => {
  it('CLEAN-03 starts with the twelve tiles of the old page, which the back office lists in order', async () => {
    const services = await adminServices();
    expect(services.map((service) => service.name)).toEqual(
      (await tiles()).map((tile) => tile.name),
    );
    expect(services).toHaveLength(12);
    expect(services.every((service) => !service.hidden)).toBe(true);
  });

  it('adds a tile at the end, and the storefront shows it at once', async () => {
    const before = await tiles();
    const created = await ok<AdminCleaningService>(
      'POST',
      '/api/admin/cleaning/services',
      { name: '  Carpet Cleaning ', description: 'Deep-cleaned carpets and rugs.', icon: 'floor' },
      201,
    );
    expect(created).toMatchObject({ name: 'Carpet Cleaning', icon: 'floor', hidden: false });
    expect(await tiles()).toEqual([
      ...before,
      { name: 'Carpet Cleaning', description: 'Deep-cleaned carpets and rugs.', icon: 'floor' },
    ]);
    const [entry] = await auditOf('cleaning-service', created.id);
    expect(entry).toMatchObject({ action: 'create' });
    expect(entry?.changes).toMatchObject({ name: { from: null, to: 'Carpet Cleaning' } });
  });

  it.each([
    ['a blank name', { name: '  ' }, cleaningAdminMessages.nameRequired],
    ['a name too long', { name: 'x'.repeat(61) }, cleaningAdminMessages.nameTooLong],
    ['no description', { description: undefined }, cleaningAdminMessages.descriptionRequired],
    ['an icon not drawn', { icon: 'rocket' }, cleaningAdminMessages.icon],
    ['a control character', { name: 'Carpet\u0000' }, 'contains characters that are not allowed'],
  ])('refuses %s with a clear message', async (_, change, message) => {
    const body = { name: 'Carpet Cleaning', description: 'Rugs.', icon: 'floor', ...change };
    expect(await refused('POST', '/api/admin/cleaning/services', body, 400)).toContain(message);
  });

  it('renames a tile, and refuses an edit made on a copy someone changed since (409)', async () => {
    const [first] = await adminServices();
    if (!first) throw new Error('no tiles');
    const edit = (updatedAt: string, name: string) =>
      call('PUT', `/api/admin/cleaning/services/${first.id}`, {
        name,
        description: first.description,
        icon: 'sparkle',
        updatedAt,
      });
    const saved = await edit(first.updatedAt, 'Home Cleaning');
    expect(saved.statusCode, saved.body).toBe(200);
    const renamed = saved.json<AdminCleaningService>();
    expect(renamed).toMatchObject({ name: 'Home Cleaning', icon: 'sparkle' });
    expect(renamed.updatedAt).not.toBe(first.updatedAt);
    expect((await tiles())[0]).toMatchObject({ name: 'Home Cleaning', icon: 'sparkle' });

    // A second editor still holding the first copy.
    const stale = await edit(first.updatedAt, 'House Cleaning Plus');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: cleaningAdminMessages.serviceConflict });
    expect((await tiles())[0]?.name).toBe('Home Cleaning');

    const [entry] = await auditOf('cleaning-service', first.id);
    expect(entry).toMatchObject({ action: 'update', actorEmail: expect.any(String) });
    expect(entry?.changes).toEqual({
      name: { from: first.name, to: 'Home Cleaning' },
      icon: { from: 'house', to: 'sparkle' },
    });

    const back = await edit(renamed.updatedAt, first.name);
    expect(back.statusCode).toBe(200);
    expect(
      await refused(
        'PUT',
        `/api/admin/cleaning/services/${first.id}`,
        { name: 'X', description: 'Y', icon: 'house' },
        400,
      ),
    ).toBe(cleaningAdminMessages.updatedAtRequired);
    expect(
      await refused(
        'PUT',
        '/api/admin/cleaning/services/00000000-0000-4000-8000-000000000000',
        { name: 'X', description: 'Y', icon: 'house', updatedAt: first.updatedAt },
        404,
      ),
    ).toBe(cleaningAdminMessages.serviceNotFound);
  });

  it('of two edits of one copy made at once, saves one and refuses the other (409)', async () => {
    const [, , third] = await adminServices();
    if (!third) throw new Error('no tiles');
    const edit = (description: string) =>
      call('PUT', `/api/admin/cleaning/services/${third.id}`, {
        name: third.name,
        description,
        icon: third.icon,
        updatedAt: third.updatedAt,
      });
    const answers = await Promise.all([edit('First editor’s words.'), edit('Second editor’s.')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    expect((await tiles())[2]?.description).toBe(winner?.json<AdminCleaningService>().description);
  });

  it('hides a tile from the page and shows it again; hiding moves updatedAt on', async () => {
    const [, second] = await adminServices();
    if (!second) throw new Error('no tiles');
    const hidden = await ok<AdminCleaningService>(
      'PATCH',
      `/api/admin/cleaning/services/${second.id}`,
      { hidden: true },
    );
    expect(hidden.hidden).toBe(true);
    expect((await tiles()).map((tile) => tile.name)).not.toContain(second.name);
    expect((await adminServices()).find((service) => service.id === second.id)?.hidden).toBe(true);
    expect(
      (
        await call('PUT', `/api/admin/cleaning/services/${second.id}`, {
          name: second.name,
          description: 'Changed unseen',
          icon: second.icon,
          updatedAt: second.updatedAt,
        })
      ).statusCode,
    ).toBe(409);
    expect((await auditOf('cleaning-service', second.id))[0]).toMatchObject({ action: 'hide' });

    await ok('PATCH', `/api/admin/cleaning/services/${second.id}`, { hidden: false });
    expect((await tiles())[1]?.name).toBe(second.name);
    expect(
      await refused('PATCH', `/api/admin/cleaning/services/${second.id}`, { hidden: 'yes' }, 400),
    ).toBe(contentAdminMessages.hidden);
  });

  it('reorders the tiles as dragged, refusing a list that is not every tile once', async () => {
    const services = await adminServices();
    const ids = services.map((service) => service.id);
    const reversed = [...ids].reverse();
    const answer = await ok<AdminCleaningServices>('PUT', '/api/admin/cleaning/services/order', {
      ids: reversed,
    });
    expect(answer.services.map((service) => service.id)).toEqual(reversed);
    expect((await tiles()).map((tile) => tile.name)).toEqual(
      [...services].reverse().map((service) => service.name),
    );
    expect((await auditOf('cleaning-service', 'cleaning-services'))[0]?.changes).toEqual({
      order: { from: ids, to: reversed },
    });

    expect(
      await refused('PUT', '/api/admin/cleaning/services/order', { ids: reversed.slice(1) }, 400),
    ).toBe(cleaningAdminMessages.reorderMismatch('service tile'));
    expect(
      await refused(
        'PUT',
        '/api/admin/cleaning/services/order',
        { ids: [reversed[0], ...reversed.slice(0, -1)] },
        400,
      ),
    ).toBe(contentAdminMessages.duplicateIds);
    await ok('PUT', '/api/admin/cleaning/services/order', { ids });
  });

  it('deletes a tile, and refuses a tile beyond the most the page holds (409)', async () => {
    const extra = await adminServices();
    const last = extra.at(-1);
    if (!last) throw new Error('no tiles');
    expect((await call('DELETE', `/api/admin/cleaning/services/${last.id}`)).statusCode).toBe(204);
    expect((await tiles()).map((tile) => tile.name)).not.toContain(last.name);
    expect((await call('DELETE', `/api/admin/cleaning/services/${last.id}`)).statusCode).toBe(404);
    expect((await auditOf('cleaning-service', last.id))[0]).toMatchObject({ action: 'delete' });

    const room = MAX_CLEANING_SERVICES - (await adminServices()).length;
    for (let index = 0; index < room; index += 1)
      await ok(
        'POST',
        '/api/admin/cleaning/services',
        { name: `Extra ${index}`, description: 'More.', icon: 'broom' },
        201,
      );
    expect(
      await refused(
        'POST',
        '/api/admin/cleaning/services',
        { name: 'One too many', description: 'More.', icon: 'broom' },
        409,
      ),
    ).toBe(cleaningAdminMessages.tooManyServices);
    await ctx.db.delete(cleaningServices).where(eq(cleaningServices.description, 'More.'));
  });
});

describe('the gallery (issue 14)', () => {
  it('CLEAN-04 starts with the six photos of the old page', async () => {
    expect(await gallery(null)).toEqual(
      cleaningGallery.map(({ path, alt }) => ({ image: path, alt })),
    );
    expect((await adminPhotos()).map((photo) => photo.image)).toEqual(
      cleaningGallery.map((photo) => photo.path),
    );
  });

  it('adds an uploaded photo at the end, with its sizes, and the storefront shows it', async () => {
    const image = await upload('cleaning-gallery');
    expect(image).toMatch(/^\/cleaning-gallery\/[\w-]+\.webp$/);
    const photo = await ok<AdminCleaningPhoto>(
      'POST',
      '/api/admin/cleaning/photos',
      { image, alt: '  A spotless kitchen ' },
      201,
    );
    expect(photo).toMatchObject({ image, alt: 'A spotless kitchen' });
    expect((await gallery()).at(-1)).toEqual({ image, alt: 'A spotless kitchen' });
    const sized = await ctx.app.inject({
      method: 'GET',
      url: `/uploads${imageSizesOf(image)[0]?.path}`,
    });
    expect(sized.statusCode).toBe(200);
    expect((await auditOf('cleaning-photo', photo.id))[0]).toMatchObject({ action: 'create' });
  });

  it('refuses a photo not uploaded for the gallery, and a photo without alt text', async () => {
    for (const image of [
      await upload('carousel'),
      '/cleaning-gallery/never-uploaded.webp',
      '/cleaning/cleaning-1.webp',
    ])
      expect(
        await refused('POST', '/api/admin/cleaning/photos', { image, alt: 'A photo' }, 400),
        image,
      ).toBe(cleaningAdminMessages.imageNotUploaded);
    const image = await upload('cleaning-gallery');
    expect(await refused('POST', '/api/admin/cleaning/photos', { image, alt: ' ' }, 400)).toBe(
      contentAdminMessages.altRequired,
    );
    expect(await refused('POST', '/api/admin/cleaning/photos', { alt: 'A photo' }, 400)).toBe(
      cleaningAdminMessages.imageRequired,
    );
  });

  it("edits a photo's alt text, refusing an edit on a stale copy (409)", async () => {
    const [first] = await adminPhotos();
    if (!first) throw new Error('no photos');
    const url = `/api/admin/cleaning/photos/${first.id}`;
    const saved = await ok<AdminCleaningPhoto>('PUT', url, {
      alt: 'A tidy house, ready for cleaning',
      updatedAt: first.updatedAt,
    });
    expect((await gallery())[0]).toEqual({
      image: first.image,
      alt: 'A tidy house, ready for cleaning',
    });
    expect(await refused('PUT', url, { alt: 'Another', updatedAt: first.updatedAt }, 409)).toBe(
      cleaningAdminMessages.photoConflict,
    );
    expect((await auditOf('cleaning-photo', first.id))[0]?.changes).toEqual({
      alt: { from: first.alt, to: 'A tidy house, ready for cleaning' },
    });
    await ok('PUT', url, { alt: first.alt, updatedAt: saved.updatedAt });
  });

  it('reorders and deletes photos; a deleted photo leaves the gallery', async () => {
    const photos = await adminPhotos();
    const ids = photos.map((photo) => photo.id);
    const moved = [...ids.slice(1), ...ids.slice(0, 1)];
    await ok('PUT', '/api/admin/cleaning/photos/order', { ids: moved });
    expect((await gallery()).map((photo) => photo.image)).toEqual(
      [...photos.slice(1), ...photos.slice(0, 1)].map((photo) => photo.image),
    );
    expect(
      await refused('PUT', '/api/admin/cleaning/photos/order', { ids: ids.slice(2) }, 400),
    ).toBe(cleaningAdminMessages.reorderMismatch('photo'));

    const added = photos.at(-1);
    if (!added) throw new Error('no photos');
    expect((await call('DELETE', `/api/admin/cleaning/photos/${added.id}`)).statusCode).toBe(204);
    expect((await gallery()).map((photo) => photo.image)).not.toContain(added.image);
    expect((await call('DELETE', `/api/admin/cleaning/photos/${added.id}`)).statusCode).toBe(404);
    await ok('PUT', '/api/admin/cleaning/photos/order', {
      ids: ids.filter((id) => id !== added.id),
    });
  });

  it(`holds at most ${MAX_CLEANING_PHOTOS} photos (409 beyond)`, async () => {
    const room = MAX_CLEANING_PHOTOS - (await adminPhotos()).length;
    const image = await upload('cleaning-gallery');
    for (let index = 0; index < room; index += 1)
      await ok('POST', '/api/admin/cleaning/photos', { image, alt: `Extra ${index}` }, 201);
    expect(
      await refused('POST', '/api/admin/cleaning/photos', { image, alt: 'Too many' }, 409),
    ).toBe(cleaningAdminMessages.tooManyPhotos);
    await ctx.db.delete(cleaningPhotos).where(eq(cleaningPhotos.image, image));
  });
});

describe('the enquiry address (issue 14)', () => {
  const url = '/api/admin/cleaning/enquiry-address';

  it("mails enquiries to the shop's own e-mail until an address is set, then to that address", async () => {
    const shopEmail = shopSettingDefaults.shopDetails.email;
    const unset = await ok<CleaningEnquiryAddress>('GET', url);
    expect(unset).toEqual({ email: '', shopEmail, savedAt: null });

    const first = uniqueEmail('before');
    expect((await sendEnquiry(first)).statusCode).toBe(201);
    expect((await receivedMail(ctx.app, shopEmail, 'cleaning-enquiry'))?.text).toContain(first);

    const saved = await ok<CleaningEnquiryAddress>('PUT', url, {
      email: '  renhold@nordictrading.test ',
      savedAt: null,
    });
    expect(saved).toMatchObject({ email: 'renhold@nordictrading.test', shopEmail });
    expect(saved.savedAt).not.toBeNull();
    expect(await ok('GET', url)).toEqual(saved);

    const second = uniqueEmail('after');
    expect((await sendEnquiry(second)).statusCode).toBe(201);
    const mail = await receivedMail(ctx.app, 'renhold@nordictrading.test', 'cleaning-enquiry');
    expect(mail?.text).toContain(second);
    expect((await receivedMail(ctx.app, shopEmail, 'cleaning-enquiry'))?.text).not.toContain(
      second,
    );

    const [entry] = await auditOf('settings', 'cleaningEnquiryEmail');
    expect(entry).toMatchObject({ action: 'update' });
    expect(entry?.changes).toEqual({ email: { from: '', to: 'renhold@nordictrading.test' } });

    // Someone else saved since this copy was loaded.
    expect(
      await refused('PUT', url, { email: 'other@nordictrading.test', savedAt: null }, 409),
    ).toBe(cleaningAdminMessages.addressConflict);
    expect(
      await refused('PUT', url, { email: 'not an address', savedAt: saved.savedAt }, 400),
    ).toBe(settingsMessages.cleaningEnquiryEmail);

    // '' follows the shop's e-mail again.
    const cleared = await ok<CleaningEnquiryAddress>('PUT', url, {
      email: '',
      savedAt: saved.savedAt,
    });
    expect(cleared.email).toBe('');
    const third = uniqueEmail('cleared');
    expect((await sendEnquiry(third)).statusCode).toBe(201);
    expect((await receivedMail(ctx.app, shopEmail, 'cleaning-enquiry'))?.text).toContain(third);
  });

  it('lets the owner save it too', async () => {
    const current = await ok<CleaningEnquiryAddress>('GET', url);
    const response = await call(
      'PUT',
      url,
      { email: 'owner-set@nordictrading.test', savedAt: current.savedAt },
      ownerToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CleaningEnquiryAddress>().email).toBe('owner-set@nordictrading.test');
  });
});

describe('the cleaning page in two languages (issue 31.5)', () => {
  it('keeps the English of the old page for a request naming no language, and has bokmål', async () => {
    const english = await tiles(null);
    expect(english.map((tile) => tile.name)).toContain('Window Cleaning');
    expect((await tiles('en')).map((tile) => tile.name)).toEqual(english.map((tile) => tile.name));
    expect((await tiles('nb')).map((tile) => tile.name)).toContain('Vindusvask');
    const photos = await adminPhotos();
    expect(photos.find((photo) => photo.image === '/cleaning/cleaning-3.webp')).toMatchObject({
      alt: 'Et vindu som vaskes med svamp og såpebobler',
      altEn: 'A window being washed with a sponge and soap bubbles',
    });
  });

  it('saves a tile’s English beside its bokmål and answers each language, bokmål where none', async () => {
    const created = await ok<AdminCleaningService>(
      'POST',
      '/api/admin/cleaning/services',
      {
        name: 'Teppevask',
        description: 'Dyprensede tepper og matter.',
        nameEn: ' Carpet Cleaning ',
        descriptionEn: '',
        icon: 'floor',
      },
      201,
    );
    expect(created).toMatchObject({
      name: 'Teppevask',
      nameEn: 'Carpet Cleaning',
      description: 'Dyprensede tepper og matter.',
      descriptionEn: '',
    });
    expect((await tiles('en')).at(-1)).toEqual({
      name: 'Carpet Cleaning',
      description: 'Dyprensede tepper og matter.',
      icon: 'floor',
    });
    expect((await tiles('nb')).at(-1)?.name).toBe('Teppevask');

    // An edit without the English keeps it; '' removes it.
    const kept = await ok<AdminCleaningService>(
      'PUT',
      `/api/admin/cleaning/services/${created.id}`,
      {
        name: 'Teppe- og mattevask',
        description: created.description,
        icon: 'floor',
        updatedAt: created.updatedAt,
      },
    );
    expect(kept.nameEn).toBe('Carpet Cleaning');
    const removed = await ok<AdminCleaningService>(
      'PUT',
      `/api/admin/cleaning/services/${created.id}`,
      { ...kept, nameEn: '', descriptionEn: 'Deep-cleaned carpets.' },
    );
    expect(removed).toMatchObject({ nameEn: '', descriptionEn: 'Deep-cleaned carpets.' });
    expect((await tiles('en')).at(-1)).toMatchObject({
      name: 'Teppe- og mattevask',
      description: 'Deep-cleaned carpets.',
    });
    expect((await auditOf('cleaning-service', created.id))[0]?.changes).toEqual({
      nameEn: { from: 'Carpet Cleaning', to: null },
      descriptionEn: { from: null, to: 'Deep-cleaned carpets.' },
    });
    expect(
      await refused(
        'PUT',
        `/api/admin/cleaning/services/${created.id}`,
        { ...removed, nameEn: 'x'.repeat(61) },
        400,
      ),
    ).toBe(cleaningAdminMessages.nameTooLong);
    expect((await call('DELETE', `/api/admin/cleaning/services/${created.id}`)).statusCode).toBe(
      204,
    );
  });

  it('saves a photo’s English alt text and shows it on English pages', async () => {
    const [first] = await adminPhotos();
    if (!first) throw new Error('no photos');
    const url = `/api/admin/cleaning/photos/${first.id}`;
    const saved = await ok<AdminCleaningPhoto>('PUT', url, {
      alt: first.alt,
      altEn: 'A tidy house',
      updatedAt: first.updatedAt,
    });
    expect(saved.altEn).toBe('A tidy house');
    expect((await gallery('en'))[0]?.alt).toBe('A tidy house');
    expect((await gallery(null))[0]?.alt).toBe('A tidy house');
    expect((await gallery('nb'))[0]?.alt).toBe(first.alt);
    const emptied = await ok<AdminCleaningPhoto>('PUT', url, {
      alt: first.alt,
      altEn: '',
      updatedAt: saved.updatedAt,
    });
    expect((await gallery('en'))[0]?.alt).toBe(first.alt);
    await ok('PUT', url, { alt: first.alt, altEn: first.altEn, updatedAt: emptied.updatedAt });
  });
});
