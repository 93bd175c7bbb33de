import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEnquiryDetailSchema,
  adminEnquiryMessages,
  adminEnquiryPageSchema,
  adminMessages,
  cleaningEnquiryAddressSchema,
} from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  latestMail,
  receivedMail,
  uniqueEmail,
  uniqueIp,
} from '../../test/account-fixtures.js';
import { createStaffMember, type StaffMember } from '../../test/staff-session.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { enquiries, enquiryReplies } from './enquiries.tables.js';

let ctx: TestContext;
let owner: StaffMember;
let staff: StaffMember;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createStaffMember(ctx.app, ctx.db);
  staff = await createStaffMember(ctx.app, ctx.db, { role: 'staff', name: 'Sam Staff' });
});
afterAll(() => ctx.close());

async function storedEnquiry(fullname: string, createdAt: Date, message = 'Weekly cleaning?') {
  const email = uniqueEmail('enquirer');
  const [row] = await ctx.db
    .insert(enquiries)
    .values({ fullname, email, phone: '+47 912 34 567', message, createdAt })
    .returning();
  if (!row) throw new Error('no enquiry');
  return row;
}

const get = (url: string, session?: { accessToken: string }) =>
  ctx.app.inject({ method: 'GET', url, headers: session ? bearer(session) : {} });
const post = (url: string, session: { accessToken: string } | undefined, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: session ? bearer(session) : {}, payload });

describe('the enquiries inbox of the back office (issue 13)', () => {
  it('lists newest first, searches by name or address, filters new and handled, pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const first = await storedEnquiry(`Åse Øren ${tag}`, new Date('2030-02-01T10:00:00Z'));
    const second = await storedEnquiry(`Per Hansen ${tag}`, new Date('2030-02-02T10:00:00Z'));
    const list = async (query: string) => {
      const response = await get(`/api/admin/enquiries?${query}`, staff.session);
      expect(response.statusCode, response.body).toBe(200);
      return adminEnquiryPageSchema.parse(response.json());
    };
    const byTag = await list(`q=${tag}`);
    expect(byTag.enquiries.map((entry) => entry.id)).toEqual([second.id, first.id]);
    expect(byTag.enquiries[0]).toMatchObject({ status: 'new', replyCount: 0, handledAt: null });
    expect((await list(`q=${encodeURIComponent(first.email.toUpperCase())}`)).enquiries).toEqual([
      expect.objectContaining({ id: first.id }),
    ]);
    expect((await list(`q=${encodeURIComponent('Åse Øren')}%20${tag}`)).total).toBe(1);
    expect((await list('q=%25_%25')).total).toBe(0);
    expect((await list(`q=${tag}&pageSize=1&page=2`)).enquiries.map((entry) => entry.id)).toEqual([
      first.id,
    ]);

    const handled = await post(`/api/admin/enquiries/${first.id}/handled`, staff.session, {
      note: 'Called back, offer sent',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(adminEnquiryDetailSchema.parse(handled.json())).toMatchObject({
      status: 'handled',
      handledNote: 'Called back, offer sent',
      handledByEmail: staff.email,
    });
    expect((await list(`q=${tag}&status=handled`)).enquiries.map((entry) => entry.id)).toEqual([
      first.id,
    ]);
    expect((await list(`q=${tag}&status=new`)).enquiries.map((entry) => entry.id)).toEqual([
      second.id,
    ]);

    const reopened = await post(`/api/admin/enquiries/${first.id}/handled`, owner.session, {
      handled: false,
    });
    expect(reopened.json()).toMatchObject({
      status: 'new',
      handledAt: null,
      handledNote: '',
      handledByEmail: null,
    });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'enquiry'), eq(auditLog.entityId, first.id)))
      .orderBy(auditLog.id);
    expect(audit.map(({ action, actorEmail }) => ({ action, actorEmail }))).toEqual([
      { action: 'handle', actorEmail: staff.email },
      { action: 'reopen', actorEmail: owner.email },
    ]);
  });

  it('answering either mail reaches the other side: the notice replies to the enquirer, the reply to the enquiry address (issue 29.14)', async () => {
    const email = uniqueEmail('answerable');
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/notification/addenquiry',
      remoteAddress: uniqueIp(),
      payload: { fullname: 'Per Kunde', email, phone: '+47 900 11 222', message: 'A quote?' },
    });
    expect(sent.statusCode).toBe(201);
    const { shopEmail } = cleaningEnquiryAddressSchema.parse(
      (await get('/api/admin/cleaning/enquiry-address', owner.session)).json(),
    );
    const notice = await receivedMail(ctx.app, shopEmail, 'cleaning-enquiry');
    expect(notice?.subject).toBe('Cleaning enquiry from Per Kunde');
    expect(notice?.replyTo).toBe(email);

    const [enquiry] = await ctx.db.select().from(enquiries).where(eq(enquiries.email, email));
    const reply = await post(`/api/admin/enquiries/${enquiry?.id}/replies`, staff.session, {
      body: 'We can come on Monday.',
    });
    expect(reply.statusCode).toBe(201);
    expect((await receivedMail(ctx.app, email, 'enquiry-reply'))?.replyTo).toBe(shopEmail);
  });

  it('a reply is kept and mailed to the enquirer through the outbox, plain text escaped in HTML', async () => {
    const enquiry = await storedEnquiry(
      'Kari Nordmann',
      new Date(),
      'Do you clean <b>windows</b>?',
    );
    const body = 'Yes, we do <i>windows</i> & "frames".\n\nThe price is 450 kr an hour.';
    const response = await post(`/api/admin/enquiries/${enquiry.id}/replies`, staff.session, {
      body: `  ${body}  `,
    });
    expect(response.statusCode, response.body).toBe(201);
    const detail = adminEnquiryDetailSchema.parse(response.json());
    expect(detail.replies).toEqual([expect.objectContaining({ body, sentByEmail: staff.email })]);
    expect(detail).toMatchObject({ replyCount: 1, status: 'new' });

    const mail = await receivedMail(ctx.app, enquiry.email, 'enquiry-reply');
    expect(mail?.subject).toContain('cleaning enquiry');
    expect(mail?.text).toContain('Hi Kari Nordmann,');
    expect(mail?.text).toContain('Yes, we do <i>windows</i> & "frames".');
    expect(mail?.text).toContain('The price is 450 kr an hour.');
    expect(mail?.text).toContain('> Do you clean <b>windows</b>?');
    expect(mail?.html).toContain('Yes, we do &lt;i&gt;windows&lt;/i&gt; &amp; &quot;frames&quot;.');
    expect(mail?.html).not.toMatch(/<i>|<b>/);

    const listed = adminEnquiryPageSchema.parse(
      (
        await get(`/api/admin/enquiries?q=${encodeURIComponent(enquiry.email)}`, owner.session)
      ).json(),
    );
    expect(listed.enquiries).toEqual([expect.objectContaining({ id: enquiry.id, replyCount: 1 })]);
    const read = await get(`/api/admin/enquiries/${enquiry.id}`, owner.session);
    expect(read.statusCode).toBe(200);
    expect(adminEnquiryDetailSchema.parse(read.json()).replies).toHaveLength(1);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'enquiry'),
          eq(auditLog.action, 'reply'),
          eq(auditLog.entityId, enquiry.id),
        ),
      );
    expect(audit?.actorEmail).toBe(staff.email);
  });

  it('refuses customers (403) and visitors (401); unknown 404; bad input 400 and nothing changes', async () => {
    const enquiry = await storedEnquiry('Ola Nordmann', new Date());
    const customer = await createVerifiedUser(ctx.app, ctx.db);
    for (const response of [
      await get('/api/admin/enquiries', customer),
      await get(`/api/admin/enquiries/${enquiry.id}`, customer),
      await post(`/api/admin/enquiries/${enquiry.id}/handled`, customer, { note: 'x' }),
      await post(`/api/admin/enquiries/${enquiry.id}/replies`, customer, { body: 'x' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: adminMessages.staffOnly });
    }
    expect((await get('/api/admin/enquiries')).statusCode).toBe(401);
    for (const response of [
      await get(`/api/admin/enquiries/${randomUUID()}`, staff.session),
      await post(`/api/admin/enquiries/${randomUUID()}/handled`, staff.session, {}),
      await post(`/api/admin/enquiries/${randomUUID()}/replies`, staff.session, { body: 'Hi' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: adminEnquiryMessages.notFound });
    }
    const bad = [
      [`/api/admin/enquiries/${enquiry.id}/replies`, {}],
      [`/api/admin/enquiries/${enquiry.id}/replies`, { body: '  \n ' }],
      [`/api/admin/enquiries/${enquiry.id}/replies`, { body: 'x'.repeat(5001) }],
      [`/api/admin/enquiries/${enquiry.id}/replies`, { body: 'a\u0000b' }],
      [`/api/admin/enquiries/${enquiry.id}/handled`, { note: 'x'.repeat(1001) }],
      [`/api/admin/enquiries/${enquiry.id}/handled`, { handled: 'yes' }],
      ['/api/admin/enquiries/not-an-id/handled', {}],
    ] as const;
    for (const [url, payload] of bad) {
      const response = await post(url, staff.session, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
    for (const query of ['status=closed', 'page=0', 'pageSize=500'])
      expect((await get(`/api/admin/enquiries?${query}`, staff.session)).statusCode).toBe(400);
    const [row] = await ctx.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(row?.status).toBe('new');
    expect(
      await ctx.db.select().from(enquiryReplies).where(eq(enquiryReplies.enquiryId, enquiry.id)),
    ).toEqual([]);
    expect(await latestMail(ctx.db, enquiry.email, 'enquiry-reply')).toBeUndefined();
  });
});
