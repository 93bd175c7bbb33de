import fs from 'node:fs/promises';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '@shop/shared';
import { openDatabase, type Database } from '../db/client.js';
import { users } from '../modules/accounts/accounts.tables.js';
import { hashPassword, verifyPassword } from '../modules/accounts/passwords.js';
import { reviews } from '../modules/reviews/reviews.tables.js';
import { insertCatalogFixture, required } from '../test/catalog-fixtures.js';
import { main, usage } from './cli.js';

let dataDir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-admin-cli-'));
  env = { NODE_ENV: 'test', DATA_DIR: dataDir };
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

/** Runs `npm run admin -- ...argv` in this process; answers the exit code and the output. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, env, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The CLI's database, opened between commands as the shop would (one process at a time). */
async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const userByEmail = (email: string) =>
  withDatabase(async (db) => (await db.select().from(users).where(eq(users.email, email)))[0]);

// Every command opens and closes the embedded database, as the real command does.
describe('npm run admin', { timeout: 120_000 }, () => {
  it('prints its usage with --help, and fails with it on a mistake', async () => {
    expect(await admin('--help')).toEqual({ code: 0, out: usage, err: '' });
    const unknown = await admin('promote');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Unknown command "promote"');
    expect(unknown.err).toContain('PGlite allows only one process per data folder');
    expect((await admin('reject', 'not-an-id', '--remarks', 'x')).err).toContain(
      '"not-an-id" is not a review id',
    );
    expect((await admin('accept', '--remarks', 'x')).err).toContain('accept has no option');
    // The one admin role of before is the owner's now (issue 12).
    expect((await admin('create-admin', '--email', 'x@example.no')).err).toContain(
      'Unknown command "create-admin"',
    );
  });

  it('refuses to open the embedded database while another process holds it', async () => {
    const shop = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    const lockDir = path.join(dataDir, 'pglite');
    await fs.mkdir(lockDir, { recursive: true });
    await fs.writeFile(path.join(lockDir, 'pglite.lock'), String(shop.pid));
    try {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(['reviews'], env, {
        out: (text) => out.push(text),
        err: (text) => err.push(text),
      });
      expect(code).toBe(1);
      expect(out).toEqual([]);
      expect(err.join('\n')).toContain(`is in use by process ${shop.pid}`);
      expect(err.join('\n')).toContain(
        'stop the shop (npm start or npm run dev), run this command',
      );
    } finally {
      shop.kill();
      await fs.rm(path.join(lockDir, 'pglite.lock'), { force: true });
    }
  });

  it('create-owner makes a verified local owner account and checks the password', async () => {
    const weak = await admin(
      'create-owner',
      '--email',
      'owner@example.no',
      '--name',
      'Shop Owner',
      '--password',
      'password',
    );
    expect(weak).toMatchObject({ code: 1, err: `--password: ${accountTexts.weakPassword}` });

    const created = await admin(
      'create-owner',
      '--email',
      ' Owner@Example.no ',
      '--name',
      'Shop Owner',
      '--password',
      'Str0ng pass!',
    );
    expect(created.code).toBe(0);
    expect(created.out).toBe(
      'Created the owner account owner@example.no; it signs in to the back office at ' +
        'http://localhost:5000/admin/login.',
    );
    const owner = required(await userByEmail('owner@example.no'), 'owner');
    expect(owner).toMatchObject({ role: 'owner', provider: 'local', name: 'Shop Owner' });
    expect(owner.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(owner.passwordHash, 'Str0ng pass!')).toBe(true);

    const again = await admin('create-owner', '--email', 'owner@example.no');
    expect(again).toMatchObject({
      code: 0,
      out: 'owner@example.no is an owner already; nothing changed.',
    });
  });

  it('create-owner promotes an existing account and leaves its password alone', async () => {
    const passwordHash = await hashPassword('Kari1234!');
    await withDatabase((db) =>
      db.insert(users).values({
        email: 'kari@example.no',
        name: 'Kari Nordmann',
        passwordHash,
        provider: 'local',
        emailVerifiedAt: new Date(),
      }),
    );
    const promoted = await admin(
      'create-owner',
      '--email',
      'kari@example.no',
      '--password',
      'Other pass 1!',
    );
    expect(promoted).toMatchObject({
      code: 0,
      out: 'kari@example.no is an owner now; its name and password are unchanged.',
    });
    const kari = required(await userByEmail('kari@example.no'), 'kari');
    expect(kari).toMatchObject({ role: 'owner', name: 'Kari Nordmann', passwordHash });

    const missing = await admin('create-owner', '--email', 'nobody@example.no');
    expect(missing).toMatchObject({ code: 1, err: '--name is required for a new account' });
  });

  it('lists pending reviews and accepts or rejects them', async () => {
    const [honeyReview, teaReview] = await withDatabase(async (db) => {
      const catalog = await insertCatalogFixture(db);
      const [customer] = await db
        .insert(users)
        .values({ email: 'ola@example.no', name: 'Ola Nordmann', provider: 'local' })
        .returning();
      const userId = required(customer, 'customer').id;
      return db
        .insert(reviews)
        .values([
          {
            userId,
            productId: required(catalog.products['acacia-honey'], 'honey').id,
            rating: 5,
            review: 'Golden and\nsweet honey.',
            createdAt: new Date('2025-01-01T10:00:00Z'),
            updatedAt: new Date('2025-01-01T10:00:00Z'),
          },
          {
            userId,
            productId: required(catalog.products['green-tea'], 'tea').id,
            rating: 2,
            review: 'Bitter, not for me.',
            createdAt: new Date('2025-02-01T10:00:00Z'),
            updatedAt: new Date('2025-02-01T10:00:00Z'),
          },
        ])
        .returning();
    });
    const honeyId = required(honeyReview, 'honey review').id;
    const teaId = required(teaReview, 'tea review').id;

    const pending = await admin('reviews');
    expect(pending.code).toBe(0);
    expect(pending.out).toContain('2 pending reviews, the longest waiting first:');
    expect(pending.out.indexOf(honeyId)).toBeLessThan(pending.out.indexOf(teaId));
    expect(pending.out).toContain('  Product:  Acacia Honey');
    expect(pending.out).toContain('  Customer: Ola Nordmann');
    expect(pending.out).toContain('  Rating:   ★★★★★ 5/5');
    expect(pending.out).toContain('  Text:     Golden and sweet honey.');

    const noRemarks = await admin('reject', teaId);
    expect(noRemarks.code).toBe(1);
    expect(noRemarks.err).toContain('reject needs --remarks');

    expect((await admin('accept', honeyId)).out).toBe(
      `Accepted review ${honeyId} of Acacia Honey by Ola Nordmann; it shows on the product page now.`,
    );
    const rejected = await admin('reject', teaId, '--remarks', 'Please say what you tasted');
    expect(rejected.code).toBe(0);
    expect(rejected.out).toContain('the customer sees the remarks: Please say what you tasted');

    const rows = await withDatabase((db) => db.select().from(reviews));
    expect(rows.find((row) => row.id === honeyId)).toMatchObject({
      status: 'ACCEPTED',
      remarks: '',
    });
    expect(rows.find((row) => row.id === teaId)).toMatchObject({
      status: 'REJECTED',
      remarks: 'Please say what you tasted',
    });
    expect((await admin('reviews')).out).toBe('No pending reviews.');
    const rejectedList = await admin('reviews', '--status', 'rejected');
    expect(rejectedList.out).toContain('  Remarks:  Please say what you tasted');

    const unknown = await admin('accept', '00000000-0000-4000-8000-000000000000');
    expect(unknown).toMatchObject({ code: 1, err: 'Review not found' });
  });
});
