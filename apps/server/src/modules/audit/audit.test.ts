import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminCategory, type AuditPage, auditMessages } from '@shop/shared';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let owner: StaffMember;
let staff: StaffMember;
let teaId: string;

const token = (member: StaffMember) => member.session.accessToken;

/** Today in Norway, as the filters read a plain date. */
const osloDate = (offsetDays = 0) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

async function categoryCall(
  member: StaffMember,
  method: 'POST' | 'PATCH',
  url: string,
  payload: object,
) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token(member)}` },
    payload: payload as Record<string, unknown>,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<AdminCategory>();
}

function audit(query: string, accessToken: string | undefined = token(owner)) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/admin/audit${query}`,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

async function auditPage(query: string): Promise<AuditPage> {
  const response = await audit(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
}

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaffMember(ctx.app, ctx.db);
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff' });
  // Three changes by the owner, one by the staff member, newest last.
  const tea = await categoryCall(owner, 'POST', '/api/admin/categories', { name: 'Tea' });
  teaId = tea.id;
  await categoryCall(owner, 'PATCH', `/api/admin/categories/${tea.id}`, { name: 'Green Tea' });
  await categoryCall(owner, 'PATCH', `/api/admin/categories/${tea.id}`, { hidden: true });
  await categoryCall(staff, 'POST', '/api/admin/categories', { name: 'Coffee' });
});
afterAll(async () => ctx?.close());

describe('GET /api/admin/audit', () => {
  it('is the owner’s: 401 without a token, 403 for a customer and for staff', async () => {
    expect((await audit('', '')).statusCode).toBe(401);
    const customer = await createVerifiedUser(ctx.app, ctx.db);
    const asCustomer = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: bearer(customer),
    });
    expect(asCustomer.statusCode).toBe(403);
    const asStaff = await audit('', token(staff));
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json()).toEqual({ message: 'Only the shop owner can do this.' });
  });

  it('answers every entry newest first with who, what and the changed fields', async () => {
    const { entries, total, page, pageSize } = await auditPage('');
    expect({ total, page, pageSize }).toEqual({ total: 4, page: 1, pageSize: 50 });
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'create']);
    expect(entries[0]).toMatchObject({ actorEmail: staff.email, entity: 'category' });
    expect(entries[2]).toMatchObject({
      actorEmail: owner.email,
      entityId: teaId,
      changes: {
        name: { from: 'Tea', to: 'Green Tea' },
        slug: { from: 'tea', to: 'green-tea' },
      },
    });
    expect(entries[1]?.changes).toEqual({ hidden: { from: false, to: true } });
    expect(Number.isNaN(Date.parse(entries[0]?.at ?? ''))).toBe(false);
  });

  it('filters by actor, entity, record, action and dates, combined', async () => {
    const ownerPart = owner.email.split('@')[0]?.toUpperCase() ?? '';
    expect((await auditPage(`?actor=${encodeURIComponent(ownerPart)}`)).total).toBe(3);
    expect((await auditPage(`?actor=${encodeURIComponent(staff.email)}`)).total).toBe(1);
    // A wildcard is a plain character, not "anything".
    expect((await auditPage('?actor=%25')).total).toBe(0);
    expect((await auditPage('?entity=category')).total).toBe(4);
    expect((await auditPage('?entity=product')).total).toBe(0);
    expect((await auditPage(`?entityId=${teaId}`)).total).toBe(3);
    expect((await auditPage(`?entityId=${teaId}&action=update`)).total).toBe(2);
    expect((await auditPage('?action=create')).total).toBe(2);
    expect((await auditPage(`?from=${osloDate()}&to=${osloDate()}`)).total).toBe(4);
    expect((await auditPage(`?from=${osloDate(1)}`)).total).toBe(0);
    expect((await auditPage(`?to=${osloDate(-1)}`)).total).toBe(0);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect((await auditPage(`?from=${encodeURIComponent(hourAgo)}`)).total).toBe(4);
    expect((await auditPage(`?to=${encodeURIComponent(hourAgo)}`)).total).toBe(0);
  });

  it('pages, newest first, with the total of all matches', async () => {
    const first = await auditPage('?pageSize=3');
    const second = await auditPage('?pageSize=3&page=2');
    expect(first.entries).toHaveLength(3);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.entries).toHaveLength(1);
    expect(second.entries[0]?.entityId).toBe(teaId);
    expect(second.entries[0]?.action).toBe('create');
    expect(first.entries.map((entry) => entry.id)).not.toContain(second.entries[0]?.id);
  });

  it('refuses bad filters with a message (400)', async () => {
    const cases: [string, string][] = [
      ['?pageSize=101', auditMessages.pageSize],
      ['?pageSize=0', auditMessages.pageSize],
      ['?page=0', auditMessages.page],
      ['?page=abc', auditMessages.page],
      ['?from=yesterday', auditMessages.date],
      ['?to=2025-13-40', auditMessages.date],
      ['?from=2025-03-02&to=2025-03-01', auditMessages.fromAfterTo],
    ];
    for (const [query, message] of cases) {
      const response = await audit(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
  });
});
