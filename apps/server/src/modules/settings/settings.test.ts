import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatOrganisationNumber,
  settingsMessages,
  shopDetailsSchema,
  shopSettingDefaults,
} from '@shop/shared';
import { bearer } from '../../test/account-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { setSetting } from './settings.service.js';
import { shopSettings } from './settings.tables.js';

// The shop's own details (issue 13: receipts and packing slips print them), on each database.

let ctx: TestContext;
let staff: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Sara Staff' });
});
afterAll(() => ctx.close());

const details = (headers: Record<string, string> = bearer(staff.session)) =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/settings/shop', headers });

describe('GET /api/admin/settings/shop (issue 13)', () => {
  it('answers the defaults until the owner sets them, then what is stored', async () => {
    const before = await details();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual(shopSettingDefaults.shopDetails);
    const changed = { ...shopSettingDefaults.shopDetails, organisationNumber: '987654321' };
    await setSetting(ctx.db, 'shopDetails', shopDetailsSchema.parse(changed));
    expect((await details()).json()).toMatchObject({ organisationNumber: '987654321' });
  });

  it('falls back to the defaults when a stored value no longer passes', async () => {
    await ctx.db
      .update(shopSettings)
      .set({ value: { name: 'half a value' } })
      .where(eq(shopSettings.key, 'shopDetails'));
    expect((await details()).json()).toEqual(shopSettingDefaults.shopDetails);
  });

  it('is for signed-in staff only', async () => {
    expect((await details({})).statusCode).toBe(401);
  });
});

describe('shopDetailsSchema (issue 13)', () => {
  it('takes an organisation number as nine digits and prints it in groups of three', () => {
    expect(formatOrganisationNumber('923456789')).toBe('923 456 789');
    for (const organisationNumber of ['92345678', '923 456 789', '92345678X']) {
      const refused = shopDetailsSchema.safeParse({
        ...shopSettingDefaults.shopDetails,
        organisationNumber,
      });
      expect(refused.error?.issues[0]?.message).toBe(settingsMessages.organisationNumber);
    }
    const empty = shopDetailsSchema.safeParse({ ...shopSettingDefaults.shopDetails, city: ' ' });
    expect(empty.error?.issues[0]?.message).toBe(settingsMessages.required('The city'));
  });
});
