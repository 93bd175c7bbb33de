import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopSettingDefaults } from '@shop/shared';
import { loadEnv } from '../../config/env.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { mailFiles } from '../../test/mail-files.js';
import { openTestDatabase } from '../../test/test-app.js';
import { orderConfirmationMail } from '../orders/order-mails.js';
import { parseEml } from './eml.js';
import { enqueueMail } from './mail.service.js';
import { mailOutbox } from './mail.tables.js';
import { createMailWorker, type MailLogger } from './mail.worker.js';

// Issue 34.5: a mail may carry files (the order confirmation its receipt as PDF). They are kept
// with the body in the outbox until the mail is sent, and go with it.

let handle: DatabaseHandle;
let db: Database;
let drop: () => Promise<void>;
let dataDir: string;

const log: MailLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** A small PDF-looking file with every byte value in it, so nothing may be lost on the way. */
const receipt = {
  filename: 'kvittering-10001.pdf',
  contentType: 'application/pdf',
  content: Buffer.concat([
    Buffer.from('%PDF-1.3\n'),
    Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)),
  ]),
};

const confirmation = (withReceipt: boolean) =>
  orderConfirmationMail({
    locale: 'nb',
    to: 'kari@example.no',
    name: 'Kari',
    publicUrl: 'http://localhost:5000',
    orderNumber: 10001,
    orderedAt: new Date('2026-05-04T12:35:00Z'),
    lines: [{ name: 'Ullsokker', variants: {}, quantity: 2, unitPriceOre: 9_900 }],
    itemsTotalOre: 19_800,
    discountOre: 0,
    shippingOre: 0,
    grandTotalOre: 19_800,
    vat: [{ rate: 25, amountOre: 3_960 }],
    storePickup: true,
    shippingDetails: null,
    ...(withReceipt && { receipt }),
  });

beforeAll(async () => {
  ({ handle, drop } = await openTestDatabase());
  db = handle.db;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-mail-attachments-'));
});

afterAll(async () => {
  await handle.close();
  await drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.delete(mailOutbox);
  await fs.rm(path.join(dataDir, 'mail'), { recursive: true, force: true });
});

describe('mail attachments (issue 34.5)', () => {
  it('the order confirmation carries its receipt only when given one', () => {
    const shop = shopSettingDefaults.shopDetails;
    expect(confirmation(true)(shop).attachments).toEqual([receipt]);
    expect(confirmation(false)(shop).attachments).toBeUndefined();
  });

  it('keeps the file with the queued mail, sends it as an attachment, and drops it once sent', async () => {
    await enqueueMail(db, confirmation(true));
    const [queued] = await db.select().from(mailOutbox);
    expect(queued?.attachments).toEqual([
      {
        filename: 'kvittering-10001.pdf',
        contentType: 'application/pdf',
        content: receipt.content.toString('base64'),
      },
    ]);

    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    expect(await createMailWorker({ db, env, log }).runOnce()).toBe(1);

    const [file] = await mailFiles(path.join(dataDir, 'mail'));
    const raw = file?.text ?? '';
    expect(raw).toMatch(/Content-Type: multipart\/mixed/i);
    expect(raw).toMatch(/Content-Disposition: attachment; filename="?kvittering-10001\.pdf"?/i);
    const parsed = parseEml(raw);
    expect(parsed.attachments).toEqual([receipt]);
    // The mail's text and HTML are there as before.
    expect(parsed.text).toContain('10001');
    expect(parsed.html).toContain('10001');

    const [sent] = await db.select().from(mailOutbox);
    expect(sent).toMatchObject({ status: 'sent', text: null, html: null, attachments: null });
  });

  it('sends a mail without files as a plain alternative of text and HTML', async () => {
    await enqueueMail(db, confirmation(false));
    const [queued] = await db.select().from(mailOutbox);
    expect(queued?.attachments).toBeNull();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    await createMailWorker({ db, env, log }).runOnce();
    const [file] = await mailFiles(path.join(dataDir, 'mail'));
    expect(file?.text).not.toMatch(/multipart\/mixed|Content-Disposition: attachment/i);
    expect(parseEml(file?.text ?? '').attachments).toEqual([]);
  });

  it('refuses a mail sent or given up that still holds a file', async () => {
    const row = {
      kind: 'test-mail',
      recipient: 'kari@example.no',
      subject: 'A test mail',
      attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: '' }],
    };
    await expect(
      db.insert(mailOutbox).values({ ...row, status: 'sent', sentAt: new Date() }),
    ).rejects.toThrow();
    await expect(db.insert(mailOutbox).values({ ...row, status: 'failed' })).rejects.toThrow();
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
  });
});
