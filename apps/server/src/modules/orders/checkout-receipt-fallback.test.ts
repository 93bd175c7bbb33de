import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifiedUser, latestMail, uniqueEmail } from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import { line, purchase, saveOsloAddress } from '../../test/checkout-fixtures.js';
import { waitForMailFiles } from '../../test/mail-files.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { parseEml } from '../mail/eml.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { mailDir } from '../mail/mail.worker.js';
import type * as OrderDocuments from './order-documents.service.js';
import { orders } from './orders.tables.js';

// Issue 34.5: the receipt goes with the order confirmation, but an order is paid before it is
// stored: a receipt that cannot be drawn must not cost the shopper the order. The receipt is
// made to fail here, as a thrown error and as a failed statement (which on PostgreSQL aborts the
// transaction it runs in, unless it ran in a savepoint).
const failure = vi.hoisted(() => ({ kind: 'none' as 'none' | 'thrown' | 'statement' }));

vi.mock('./order-documents.service.js', async (importOriginal) => {
  const original = await importOriginal<typeof OrderDocuments>();
  return {
    ...original,
    receiptAttachment: async (...args: Parameters<typeof original.receiptAttachment>) => {
      if (failure.kind === 'thrown') throw new Error('the PDF library failed');
      if (failure.kind === 'statement') await args[0].execute(sql`select 1 / 0`);
      return original.receiptAttachment(...args);
    },
  };
});

let ctx: TestContext;
let catalog: CatalogFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
});
afterAll(() => ctx.close());

async function orderWhileTheReceiptFails(kind: typeof failure.kind) {
  const user = await createVerifiedUser(ctx.app, ctx.db, {
    name: 'Kari Nordmann',
    email: uniqueEmail(`receipt-${kind}`),
  });
  await saveOsloAddress(ctx.app, user);
  const item = required(catalog.products['acacia-honey'], 'acacia-honey').defaultItemId;
  failure.kind = kind;
  try {
    const paymentId = await purchase(ctx.app, user, [line(item, 1)]);
    return { paymentId, email: user.email };
  } finally {
    failure.kind = 'none';
  }
}

/** The files of the order confirmation as its recipient got it (the outbox drops them once sent). */
async function confirmationFiles(email: string) {
  const queued = required(await latestMail(ctx.db, email, 'order-confirmation'), 'the mail');
  const [file] = await waitForMailFiles(mailDir(ctx.env.dataDir), 'the confirmation', {
    named: (name) => name.endsWith(`-${queued.id}.eml`),
  });
  return parseEml(required(file, 'the mail file').text).attachments.map((sent) => sent.filename);
}

describe('an order whose receipt cannot be made (issue 34.5)', () => {
  it.each(['thrown', 'statement'] as const)(
    'is stored and confirmed without the receipt when drawing it fails (%s)',
    async (kind) => {
      const { paymentId, email } = await orderWhileTheReceiptFails(kind);
      const [order] = await ctx.db.select().from(orders).where(eq(orders.paymentId, paymentId));
      expect(order?.confirmationQueuedAt, 'the order, confirmed').toBeInstanceOf(Date);
      expect(await confirmationFiles(email)).toEqual([]);
    },
  );

  it('carries the receipt again once it can be made', async () => {
    const { email } = await orderWhileTheReceiptFails('none');
    expect(await confirmationFiles(email)).toEqual([
      expect.stringMatching(/^(kvittering|receipt)-\d+\.pdf$/),
    ]);
  });
});
