import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedSettingsSchema, settingsMessages, shopSettingDefaults } from '@shop/shared';
import { bearer } from '../../test/account-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { shopSettings } from './settings.tables.js';

// Which product feeds are published (issue 34.6): every staff member reads it, the owner turns
// each feed on or off, and each change is audited; on each database.

const FEEDS = '/api/admin/settings/feeds';

let ctx: TestContext;
let owner: StaffMember;
let staff: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaffMember(ctx.app, ctx.db);
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Sara Staff' });
});
afterAll(() => ctx.close());

const read = (member: StaffMember = staff) =>
  ctx.app.inject({ method: 'GET', url: FEEDS, headers: bearer(member.session) });

const save = (payload: unknown, member: StaffMember = owner) =>
  ctx.app.inject({
    method: 'PUT',
    url: FEEDS,
    headers: bearer(member.session),
    payload: payload as object,
  });

/** What the database holds of the setting: undefined until a save stores it. */
async function stored(): Promise<unknown> {
  const [row] = await ctx.db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, 'productFeeds'));
  return row?.value;
}

const feedEntries = () =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, 'feeds')));

describe('GET and PUT /api/admin/settings/feeds (issue 34.6)', () => {
  it('issue 34.6: answers both feeds off until the owner publishes one, to staff too', async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(feedSettingsSchema.parse(response.json())).toEqual({
      productFeeds: { googleMerchant: false, prisjakt: false },
    });
    expect(shopSettingDefaults.productFeeds).toEqual({ googleMerchant: false, prisjakt: false });
    expect(await stored()).toBeUndefined();
  });

  it('issue 34.6: stores the owner’s choice, answers it, and audits what changed and who', async () => {
    const choice = { productFeeds: { googleMerchant: true, prisjakt: false } };
    const response = await save(choice);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(choice);
    expect((await read()).json()).toEqual(choice);
    expect(await stored()).toEqual(choice.productFeeds);

    const entries = await feedEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'update',
      actorId: owner.id,
      actorEmail: owner.email,
      changes: {
        productFeeds: {
          from: { googleMerchant: false, prisjakt: false },
          to: { googleMerchant: true, prisjakt: false },
        },
      },
    });

    // The same choice again changes nothing, so nothing is audited.
    expect((await save(choice)).statusCode).toBe(200);
    expect(await feedEntries()).toHaveLength(1);
  });

  it('issue 34.6: refuses staff who are not the owner (403) and strangers (401), changing nothing', async () => {
    const before = await stored();
    const entries = (await feedEntries()).length;
    const fromStaff = await save(
      { productFeeds: { googleMerchant: false, prisjakt: true } },
      staff,
    );
    expect(fromStaff.statusCode).toBe(403);
    const fromStranger = await ctx.app.inject({
      method: 'PUT',
      url: FEEDS,
      payload: { productFeeds: { googleMerchant: false, prisjakt: true } },
    });
    expect(fromStranger.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: FEEDS })).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
    expect(await feedEntries()).toHaveLength(entries);
  });

  it.each([
    ['no productFeeds', {}],
    ['a feed left out', { productFeeds: { googleMerchant: true } }],
    ['a feed as text', { productFeeds: { googleMerchant: 'yes', prisjakt: false } }],
    ['productFeeds as a list', { productFeeds: [true, false] }],
  ])('issue 34.6: refuses %s with a 400 that says so, storing nothing', async (_case, body) => {
    const before = await stored();
    const entries = (await feedEntries()).length;
    const response = await save(body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(settingsMessages.productFeeds);
    expect(await stored()).toEqual(before);
    expect(await feedEntries()).toHaveLength(entries);
  });
});
