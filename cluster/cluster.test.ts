// Issue 16: the shop as several processes behind a load balancer, on one PostgreSQL, one Redis
// and an S3 stand-in. Each test drives the compiled servers over HTTP, as shoppers and the owner
// would; the database is read only to count what happened.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildWhatIsStale } from '../scripts/build-if-stale.mjs';
import { openDatabase } from '../apps/server/src/db/client.js';
import type { AdminProduct } from '@shop/shared';
import {
  insertCatalogFixture,
  productSaveRequestOf,
  required,
} from '../apps/server/src/test/catalog-fixtures.js';
import { osloAddress } from '../apps/server/src/test/checkout-fixtures.js';
import { storefrontReads } from '../apps/server/src/test/storefront-reads.js';
import { waitFor } from '../apps/server/src/test/wait-for.js';
import { ShopClient } from './support/shop-client.js';
import { startShopCluster, type ShopCluster } from './support/shop-cluster.js';
import { serverEntry } from './support/shop-process.js';

const password = 'Str0ng pass!';
const owner = {
  email: `owner.${Date.now().toString(36)}@cluster.example.no`,
  password: 'Own3r pass!',
};

let cluster: ShopCluster;
let sql: postgres.Sql;
let honey: { productId: string; itemId: string; categoryId: string };
let shoppers = 0;
// Redis keeps rate-limit counters between runs (by address and by e-mail): each run's shoppers
// come from addresses and mailboxes of their own.
const run = {
  octets: `${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  id: Date.now().toString(36),
};

/** A shopper of their own, at an address of their own, through the load balancer. */
function shopper(base = cluster.url): { client: ShopClient; email: string } {
  shoppers += 1;
  return {
    client: new ShopClient(base, `10.${run.octets}.${shoppers}`),
    email: `shopper${shoppers}.${run.id}@cluster.example.no`,
  };
}

beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!process.env.TEST_DATABASE_URL || !redisUrl)
    throw new Error('the cluster needs PostgreSQL and Redis');
  buildWhatIsStale();
  cluster = await startShopCluster({ redisUrl });
  sql = postgres(cluster.databaseUrl, { max: 2, onnotice: () => {} });

  const catalogue = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 2 });
  try {
    const fixture = await insertCatalogFixture(catalogue.db);
    const product = required(fixture.products['acacia-honey'], 'honey');
    honey = {
      productId: product.id,
      itemId: product.defaultItemId,
      categoryId: required(fixture.categories.honey, 'honey category'),
    };
  } finally {
    await catalogue.close();
  }
  const created = spawnSync(
    process.execPath,
    [
      path.join(path.dirname(serverEntry), 'admin.js'),
      'create-owner',
      '--email',
      owner.email,
      '--name',
      'Shop Owner',
      '--password',
      owner.password,
    ],
    {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: cluster.databaseUrl,
        LOG_LEVEL: 'warn',
        DATA_DIR: cluster.processes[0].dataDir,
      },
    },
  );
  if (created.status !== 0) throw new Error(`create-owner failed: ${created.stderr}`);
}, 240_000);

afterAll(async () => {
  await sql?.end();
  await cluster?.stop();
});

// Whatever a test did to them, neither process may have ended on its own: what a crash left in
// its output is the message, whichever test comes next.
afterEach(() => {
  for (const shop of cluster?.processes ?? []) expect(shop.crash).toBeUndefined();
});

describe('two server processes behind a load balancer (issue 16)', () => {
  it('serves an image uploaded through one process from the other, through the object store', async () => {
    const [first, second] = cluster.processes;
    const { client, email } = shopper(first.url);
    await client.signUp(cluster.mail, email, password);
    const picture = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#b8860b' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([picture], { type: 'image/png' }), 'jar.png');
    const stored = (await client.expect(200, 'POST', '/api/upload', form)).json<string>();
    expect(stored).toMatch(/^\/reviews\/[\w-]+\.webp$/);

    const served = await fetch(`${second.url}/uploads${stored}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 64, 48]);
    expect(await cluster.objectStore.keys('reviews/')).toContain(stored.slice(1));
    // Nothing went to either process's disk.
    for (const shop of cluster.processes)
      expect(fs.existsSync(path.join(shop.dataDir, 'uploads', stored))).toBe(false);
  });

  it('shows a product edited in the back office of one process on the other within a second', async () => {
    const [first, second] = cluster.processes;
    const page = async () => {
      const answer = await fetch(`${second.url}/api/products/acacia-honey/slug`);
      if (answer.status !== 200)
        throw new Error(`the product answered ${answer.status}: ${await answer.text()}`);
      const { description = '' } = (await answer.json()) as { description?: string };
      return { cache: answer.headers.get('x-cache'), description };
    };
    await page();
    expect((await page()).cache).toBe('hit');

    const editMark = 'edited in the back office';
    const edited = `<p>Cold-extracted acacia honey, ${editMark}.</p>`;
    const office = new ShopClient(first.url, `10.${run.octets}.250`);
    await office.enrolOwner(owner.email, owner.password);
    const product = (
      await office.expect(200, 'GET', `/api/admin/products/${honey.productId}`)
    ).json<AdminProduct>();
    await office.expect(
      200,
      'PUT',
      `/api/admin/products/${honey.productId}`,
      productSaveRequestOf(product, { description: edited }),
    );
    const saved = Date.now();
    let seen = await page();
    while (!seen.description.includes(editMark) && Date.now() - saved < 1000) {
      await sleep(20);
      seen = await page();
    }
    expect(seen.description).toContain(editMark);
  });

  it('gives exactly 5 orders to 30 buyers of the last 5 units, spread over both processes', async () => {
    await sql`update product_items set stock = 5 where id = ${honey.itemId}`;
    const buyers = Array.from({ length: 30 }, () => shopper());
    const accounts = await Promise.all(
      buyers.map(({ client, email }) => client.signUp(cluster.mail, email, password)),
    );
    await Promise.all(
      buyers.map(({ client }) =>
        client.expect(200, 'POST', '/api/orders/shippingDetails', {
          shippingDetails: osloAddress,
          billingAddress: osloAddress,
        }),
      ),
    );
    const servedBefore = new Map(cluster.balancer.served);
    const lines = [{ product: { _id: honey.itemId }, qty: 1 }];
    const placed = await Promise.all(
      buyers.map(async ({ client }, index) => {
        const payment = (
          await client.expect(200, 'POST', '/api/orders/create-payment', {
            storePickup: false,
            order: {
              cart: {
                cartItems: lines,
                quickBuy: false,
                toCountryCode: 'NOR',
                toPostalCode: '0155',
                currencyCode: 'NOK',
              },
            },
          })
        ).json<{ paymentId: string; subscriberId?: string }>();
        await client.expect(200, 'POST', `/payments/test/widget/${payment.paymentId}/pay`, {
          cardNumber: '4111111111111111',
          expiry: '12/39',
          cvc: '123',
          name: 'Kari Nordmann',
        });
        return client.call('POST', '/api/orders', {
          subscriberId: accounts[index]?._id,
          orderItems: lines,
          paymentType: 'CASH',
          shippingDetails: osloAddress,
          billingDetails: osloAddress,
          shippingPrice: 0,
          storePickup: false,
          paymentId: payment.paymentId,
        });
      }),
    );
    const statuses = placed.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const [orders] = await sql<{ n: number }[]>`
      select count(distinct order_id)::int as n from order_lines where product_item_id = ${honey.itemId}`;
    expect(orders?.n).toBe(5);
    const [item] = await sql<{ stock: number }[]>`
      select stock from product_items where id = ${honey.itemId}`;
    expect(item?.stock).toBe(0);
    for (const name of ['first', 'second'])
      expect(
        (cluster.balancer.served.get(name) ?? 0) - (servedBefore.get(name) ?? 0),
      ).toBeGreaterThan(20);
  });

  it('sends each queued mail once, though both processes send', async () => {
    // Every mail sent and arrived; one sent twice would have been sent by both processes at
    // once, from one claim each, so its copy arrives beside it.
    const [queued] = await waitFor('every queued mail to be sent and to arrive', async () => {
      const counts = await sql<{ n: number; pending: number }[]>`
        select count(*)::int as n, count(*) filter (where status <> 'sent')::int as pending
        from mail_outbox`;
      const [outbox] = counts;
      return outbox?.pending === 0 && cluster.mail.received.length >= outbox.n && counts;
    });
    // 31 verification mails (the image's shopper, the 30 buyers) and 5 order confirmations.
    expect(cluster.mail.received.length).toBeGreaterThanOrEqual(36);
    expect(queued?.n).toBe(cluster.mail.received.length);
    const bySubject = new Map<string, number>();
    for (const mail of cluster.mail.received) {
      const key = `${mail.to.join(',')} ${/^Subject: (.*)$/m.exec(mail.text)?.[1] ?? ''}`;
      bySubject.set(key, (bySubject.get(key) ?? 0) + 1);
    }
    expect([...bySubject.values()].filter((count) => count > 1)).toEqual([]);
  });

  it('keeps every storefront call answering 200 while the read replica is stopped, and reads it again once it is back (issue 29.19)', async () => {
    const replica = postgres(cluster.readUrl, { max: 1, onnotice: () => {} });
    /** Sessions of the shop's processes on the replica that read the catalogue. */
    const readers = async () => {
      const [row] = await replica<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
        where application_name = 'shop reads' and query not like '%pg_last_wal_replay_lsn%'`;
      return row?.n ?? 0;
    };
    const failures: string[] = [];
    let answered = 0;
    let probes = 0;
    let loading = true;
    const calls = storefrontReads;
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (loading) {
          probes += 1;
          const call = calls[probes % calls.length] ?? '/api/shop';
          const url = `${cluster.url}${call}${call.includes('?') ? '&' : '?'}probe=${probes}`;
          try {
            const answer = await fetch(url);
            if (answer.status === 200) answered += 1;
            else failures.push(`${answer.status} ${call}: ${await answer.text()}`);
          } catch (error) {
            failures.push(`${call}: ${String(error)}`);
          }
        }
      }),
    );
    try {
      await waitFor('the processes to read the replica', async () => (await readers()) > 0);
      const before = answered;
      await waitFor('shoppers to browse', () => answered > before + 50);

      await cluster.replication.stopReplica();
      const stopped = answered;
      // Each process says so once: it was reading the replica when it stopped.
      await waitFor(
        'both processes to fail over and shoppers to browse on',
        () =>
          cluster.processes.every((shop) =>
            shop.output.join('').includes('the read replica failed'),
          ) && answered > stopped + 200,
      );

      await cluster.replication.startReplica();
      await waitFor('the processes to read the replica again', async () => (await readers()) > 0);
      const restarted = answered;
      await waitFor('shoppers to browse on', () => answered > restarted + 50);
    } finally {
      loading = false;
      await load;
      await replica.end();
    }
    // What went wrong in a process, should it be one (an uncaught error closes it, answering 503).
    const errors = cluster.processes.flatMap((shop) =>
      shop.output
        .join('')
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line))
        .map((line) => `${shop.name}: ${line}`),
    );
    expect(failures, errors.join('\n')).toEqual([]);
    for (const shop of cluster.processes) {
      const said = shop.output
        .join('')
        .split('\n')
        .filter((line) => line.includes('read replica'))
        .map((line) => JSON.parse(line) as { msg: string; time: number; err?: unknown });
      expect(
        said.map((line) => line.msg),
        `${shop.name} logged ${JSON.stringify(said)}`,
      ).toEqual([
        'the read replica failed: the catalogue reads the primary until it answers again',
      ]);
    }
  });

  it('loses no request while each process in turn restarts under steady load', async () => {
    const failures: string[] = [];
    let sent = 0;
    let loading = true;
    const calls = [
      () => fetch(`${cluster.url}/api/products/acacia-honey/slug`),
      () => fetch(`${cluster.url}/api/categories/web`),
      () => fetch(`${cluster.url}/api/products/featured`),
      // A POST too: a balancer may not resend one that a stopping process cut off.
      () =>
        fetch(`${cluster.url}/api/products/category/${honey.categoryId}?page=1&limit=15`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sub: [], sub2: null, min: 0, max: 0, sortby: 'lowToHigh' }),
        }),
    ];
    // Eight shoppers, each sending the next request as soon as the last is answered: requests
    // are always in flight on both processes when one is told to stop.
    const load = Promise.all(
      Array.from({ length: 8 }, async (_, shopper) => {
        while (loading) {
          const call = calls[(sent + shopper) % calls.length];
          if (!call) throw new Error('no call to send');
          sent += 1;
          try {
            const answer = await call();
            if (answer.status !== 200) failures.push(`${answer.status} ${await answer.text()}`);
          } catch (error) {
            failures.push(String(error));
          }
        }
      }),
    );

    for (const shop of cluster.processes) {
      await sleep(500);
      const code = await shop.stop('SIGTERM');
      expect(code, `${shop.name} exited with ${code}:\n${shop.output.join('')}`).toBe(0);
      await shop.start();
    }
    await sleep(500);
    loading = false;
    await load;
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});
