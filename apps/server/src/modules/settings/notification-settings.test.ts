import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettingsSchema, settingsMessages } from '@shop/shared';
import { bearer } from '../../test/account-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';

// Who hears of new orders and low stock (issue 34): every staff member reads it, the owner
// changes it, audited, on each database.

let ctx: TestContext;
let owner: StaffMember;
let staff: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaffMember(ctx.app, ctx.db);
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Sara Staff' });
});
afterAll(() => ctx.close());

const url = '/api/admin/settings/notifications';

const read = async (member: StaffMember = staff) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(member.session) });
  expect(response.statusCode, response.body).toBe(200);
  return notificationSettingsSchema.parse(response.json());
};

const save = (payload: Record<string, unknown>, member: StaffMember = owner) =>
  ctx.app.inject({ method: 'PUT', url, headers: bearer(member.session), payload });

const audited = () =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.entityId, 'notifications')));

describe('the notification settings (issue 34)', () => {
  it('reads the defaults until the owner sets them: no recipients (the shop’s e-mail), the low-stock mail on', async () => {
    expect(await read()).toEqual({ orderMailRecipients: [], lowStockMail: true });
    expect(await read(owner)).toEqual({ orderMailRecipients: [], lowStockMail: true });
  });

  it('is for signed-in staff only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses a change by staff who are not the owner (403) and by a stranger (401), changing nothing', async () => {
    const changed = { orderMailRecipients: ['ordre@butikken.no'], lowStockMail: false };
    const refused = await save(changed, staff);
    expect(refused.statusCode).toBe(403);
    const stranger = await ctx.app.inject({ method: 'PUT', url, payload: changed });
    expect(stranger.statusCode).toBe(401);
    expect(await read()).toEqual({ orderMailRecipients: [], lowStockMail: true });
    expect(await audited()).toEqual([]);
  });

  it.each([
    [{ orderMailRecipients: ['ordre@butikken.no', 'not an address'], lowStockMail: true }],
    [{ orderMailRecipients: 'ordre@butikken.no', lowStockMail: true }],
    [
      {
        orderMailRecipients: Array.from({ length: 11 }, (_, index) => `p${index}@butikken.no`),
        lowStockMail: true,
      },
    ],
  ])('refuses %j with its message (400) and stores nothing', async (payload) => {
    const response = await save(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(
      settingsMessages.orderMailRecipients,
    );
    expect(await read()).toEqual({ orderMailRecipients: [], lowStockMail: true });
    expect(await audited()).toEqual([]);
  });

  it('refuses a low-stock switch that is not true or false with its message', async () => {
    const response = await save({ orderMailRecipients: [], lowStockMail: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(settingsMessages.lowStockMail);
    expect(await read()).toEqual({ orderMailRecipients: [], lowStockMail: true });
  });

  it('the owner saves recipients and turns the low-stock mail off: answered as stored, read by staff, audited with who and what', async () => {
    const changed = {
      orderMailRecipients: ['ordre@butikken.no', 'lager@butikken.no'],
      lowStockMail: false,
    };
    const response = await save(changed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(changed);
    expect(await read()).toEqual(changed);

    const entries = await audited();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: owner.email,
      action: 'update',
      changes: {
        orderMailRecipients: { from: [], to: ['ordre@butikken.no', 'lager@butikken.no'] },
        lowStockMail: { from: true, to: false },
      },
    });

    // Saving the same again changes nothing and audits nothing.
    expect((await save(changed)).statusCode).toBe(200);
    expect(await audited()).toHaveLength(1);

    // Back to the shop's own e-mail: an empty list is a valid choice.
    const cleared = await save({ orderMailRecipients: [], lowStockMail: true });
    expect(cleared.json()).toEqual({ orderMailRecipients: [], lowStockMail: true });
    expect(await audited()).toHaveLength(2);
  });
});
