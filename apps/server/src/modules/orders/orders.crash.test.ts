import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePaymentResponse, Order, SessionUser } from '@shop/shared';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.js';
import { bearer, createVerifiedUser } from '../../test/account-fixtures.js';
import { insertCatalogFixture, required } from '../../test/catalog-fixtures.js';
import {
  captureAtOrder,
  line,
  osloAddress,
  saveOsloAddress,
} from '../../test/checkout-fixtures.js';
import { openTestDatabase } from '../../test/test-app.js';
import { mailFiles, type MailFile } from '../../test/mail-files.js';
import { waitFor } from '../../test/wait-for.js';
import { mailOutbox } from '../mail/mail.tables.js';
import { mailDir } from '../mail/mail.worker.js';
import { startNetsStandIn, type NetsStandIn } from '../payments/nets-stand-in.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';
import { orders } from './orders.tables.js';
import { chargeIdempotencyKey } from './payment-settlement.js';

/**
 * The real server process, killed between storing an order and charging its payment
 * (TEST_CRASH_AFTER_ORDER_STORED) and started again: the start-up sweep, a retry of the order
 * and the provider's webhook each charge the payment left reserved, exactly once. Payments go
 * through the local Nets stand-in, which counts the charges. On PGlite the test reads the data
 * folder only while no server holds it.
 */

const serverRoot = path.resolve(import.meta.dirname, '../../..');
const secretKey = 'crash-test-secret-key-0123456789';
const webhookSecret = 'CrashWebhookSecret42';
const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

let dataDir: string;
let standIn: NetsStandIn;
let postgresHandle: DatabaseHandle | undefined;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
let users: SessionUser[];
let socks: string;
let running: ChildProcess | undefined;

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function shopEnv(port: number, extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SEED_ON_START: 'false',
    RESPONSE_CACHE_SECONDS: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    PAYMENT_PROVIDER: 'nets',
    NETS_SECRET_KEY: secretKey,
    NETS_CHECKOUT_KEY: 'public-checkout-key',
    NETS_WEBHOOK_SECRET: webhookSecret,
    NETS_API_URL: standIn.url,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
}

/**
 * One HTTP call on a connection of its own, closed after the answer: a kept-alive connection
 * would hold a server's graceful shutdown open.
 */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; json: <T>() => T }> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: {
          ...options.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, json: <T>() => JSON.parse(text) as T });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

interface Shop {
  url: string;
  exited: Promise<NodeJS.Signals | number | null>;
  kill(signal: NodeJS.Signals): Promise<NodeJS.Signals | number | null>;
}

/** Starts `tsx src/server.ts` and waits until it answers. */
async function startShop(extra: Record<string, string> = {}): Promise<Shop> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...shopEnv(port, extra) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running = child;
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      if (running === child) running = undefined;
      resolve(signal ?? code);
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  await waitFor('the server to answer', async () => {
    if (gone) throw new Error('the server stopped while starting');
    const answer = await call(`${url}/api/countries`).catch(() => undefined);
    return answer?.status === 200;
  });
  return {
    url,
    exited,
    kill: (signal) => {
      child.kill(signal);
      return exited;
    },
  };
}

/** Reads the database: any time on PostgreSQL, on PGlite only while no server holds the folder. */
async function inspect<T>(read: (db: Database) => Promise<T>): Promise<T> {
  if (postgresHandle) return read(postgresHandle.db);
  if (running) throw new Error('PGlite is held by the running server');
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

const orderOf = (paymentId: string) =>
  inspect(async (db) => (await db.select().from(orders).where(eq(orders.paymentId, paymentId)))[0]);

const chargesOf = (paymentId: string) =>
  standIn.requests.filter(
    (request) => request.method === 'POST' && request.path === `/v1/payments/${paymentId}/charges`,
  );

async function chargedAmount(paymentId: string): Promise<number> {
  const answer = await call(`${standIn.url}/v1/payments/${paymentId}`, {
    headers: { authorization: secretKey },
  });
  const { payment } = answer.json<{ payment: { summary: { chargedAmount?: number } } }>();
  return payment.summary.chargedAmount ?? 0;
}

/** The confirmation mails written for `email` by the file transport (no SMTP_URL). */
async function confirmationFiles(email: string): Promise<MailFile[]> {
  const confirmations = await mailFiles(mailDir(dataDir), (name) =>
    name.includes('-order-confirmation-'),
  );
  return confirmations.filter((mail) => mail.text.includes(`To: ${email}`));
}

/** Creates the payment at the shop and pays it in Nets' (stand-in) checkout. */
async function paidPayment(shop: Shop, user: SessionUser) {
  const created = await call(`${shop.url}/api/orders/create-payment`, {
    method: 'POST',
    headers: bearer(user),
    body: {
      storePickup: false,
      order: { cart: { cartItems: [line(socks)], toCountryCode: 'NO', toPostalCode: '0155' } },
    },
  });
  expect(created.status).toBe(200);
  const payment = created.json<CreatePaymentResponse>();
  standIn.reserve(payment.paymentId);
  return { paymentId: payment.paymentId, amountOre: Math.round(payment.amount * 100) };
}

const placeOrder = (shop: Shop, user: SessionUser, paymentId: string) =>
  call(`${shop.url}/api/orders`, {
    method: 'POST',
    headers: bearer(user),
    body: {
      subscriberId: user._id,
      orderItems: [line(socks)],
      paymentType: 'CASH',
      shippingDetails: osloAddress,
      billingDetails: osloAddress,
      shippingPrice: 0,
      storePickup: false,
      paymentId,
    },
  });

/**
 * Places an order on a server started with the crash hook: the process dies after the order is
 * stored and before the payment is charged. Resolves to the payment left reserved.
 */
async function orderAndCrash(user: SessionUser) {
  const shop = await startShop({ TEST_CRASH_AFTER_ORDER_STORED: 'true' });
  const payment = await paidPayment(shop, user);
  const answer = await placeOrder(shop, user, payment.paymentId).catch((error: unknown) => error);
  expect(answer).toBeInstanceOf(Error);
  expect(await shop.exited).toBe('SIGKILL');

  const order = await orderOf(payment.paymentId);
  expect(order?.paymentStatus).toBe('AUTHORISED');
  expect(order?.paymentAttempts).toBe(0);
  expect(chargesOf(payment.paymentId)).toHaveLength(0);
  expect(await chargedAmount(payment.paymentId)).toBe(0);
  return { ...payment, orderId: required(order, 'the stored order').id };
}

/** The charge went out once, with the order's idempotency key, and the order says CHARGED. */
async function expectChargedOnce(payment: {
  paymentId: string;
  amountOre: number;
  orderId: string;
}) {
  const charges = chargesOf(payment.paymentId);
  expect(charges).toHaveLength(1);
  expect(charges[0]?.headers['idempotency-key']).toBe(chargeIdempotencyKey(payment.orderId));
  expect(await chargedAmount(payment.paymentId)).toBe(payment.amountOre);
  const order = await orderOf(payment.paymentId);
  expect(order).toMatchObject({ paymentStatus: 'CHARGED', paymentLastError: null });
  expect(order?.chargedAt).toBeInstanceOf(Date);
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-crash-'));
  standIn = await startNetsStandIn({ secretKey });
  let setupHandle: DatabaseHandle;
  if (onPostgres) {
    const opened = await openTestDatabase();
    postgresHandle = opened.handle;
    databaseUrl = opened.url;
    dropDatabase = opened.drop;
    setupHandle = await openDatabase({ kind: 'postgres', url: required(databaseUrl, 'url') });
  } else {
    setupHandle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await setupHandle.migrate();
  }
  const catalog = await insertCatalogFixture(setupHandle.db);
  socks = required(catalog.products['wool-socks'], 'wool socks').defaultItemId;
  await seedShippingRatesIfEmpty(setupHandle.db);
  // The crash falls between storing the order and charging it, which the shop does at the order.
  await captureAtOrder(setupHandle.db);
  // The shoppers are made in process; the server processes share the data folder's JWT secret.
  const app = await buildApp({
    env: loadEnv(shopEnv(0, { PAYMENT_SWEEP_MINUTES: '0', LOG_LEVEL: 'silent' })),
    database: setupHandle,
  });
  await app.ready();
  users = [];
  for (let index = 0; index < 4; index += 1) {
    const user = await createVerifiedUser(app, setupHandle.db);
    await saveOsloAddress(app, user);
    users.push(user);
  }
  await app.close();
}, 180_000);

afterAll(async () => {
  running?.kill('SIGKILL');
  await postgresHandle?.close();
  await dropDatabase();
  await standIn?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe(`a crash between storing the order and charging (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the start-up sweep charges the payment left reserved, once, and the confirmation goes out once (issue 10.19, issue 10.24)', async () => {
    const [user] = users;
    if (!user) throw new Error('no shopper');
    const payment = await orderAndCrash(user);

    const shop = await startShop();
    await waitFor('the sweep to charge', () => chargesOf(payment.paymentId).length > 0);
    await waitFor(
      'the confirmation mail',
      async () => (await confirmationFiles(user.email)).length > 0,
    );
    expect(await shop.kill('SIGTERM')).toBe(0);

    await expectChargedOnce(payment);
    expect(await confirmationFiles(user.email)).toHaveLength(1);
    const mails = await inspect((db) =>
      db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, 'order-confirmation')),
        ),
    );
    expect(mails).toEqual([{ status: 'sent' }]);
  }, 300_000);

  it('a retry of POST /api/orders charges the payment left reserved, once (issue 10.19)', async () => {
    const user = required(users[1], 'shopper');
    const payment = await orderAndCrash(user);

    // Without the sweep, only the retry can charge.
    const shop = await startShop({ PAYMENT_SWEEP_MINUTES: '0' });
    expect(chargesOf(payment.paymentId)).toHaveLength(0);
    const retry = await placeOrder(shop, user, payment.paymentId);
    expect(retry.status).toBe(201);
    expect(retry.json<Order>()._id).toBe(payment.orderId);
    const again = await placeOrder(shop, user, payment.paymentId);
    expect(again.status).toBe(201);
    expect(await shop.kill('SIGTERM')).toBe(0);

    await expectChargedOnce(payment);
  }, 300_000);

  it("the provider's webhook charges the payment left reserved, once; a mail claimed by a killed process goes out after the restart, once (issue 10.19, issue 10.24)", async () => {
    const user = required(users[2], 'shopper');
    const payment = await orderAndCrash(user);

    // A mail server that greets and then never answers: the worker claims the confirmation and
    // hangs sending it until the process is killed.
    const sockets = new Set<net.Socket>();
    const silentSmtp = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.write('220 silent.example ESMTP\r\n');
    });
    // The worker's connection is the event waited for, however long a busy machine takes.
    const connected = once(silentSmtp, 'connection');
    await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (silentSmtp.address() as net.AddressInfo).port;
    try {
      const shop = await startShop({
        PAYMENT_SWEEP_MINUTES: '0',
        SMTP_URL: `smtp://user:pass@127.0.0.1:${smtpPort}`,
      });
      await Promise.race([
        connected,
        shop.exited.then((how) => {
          throw new Error(`the server stopped (${how}) before its mail worker connected`);
        }),
      ]);
      const webhook = await call(`${shop.url}/api/payments/webhook/nets`, {
        method: 'POST',
        headers: { authorization: webhookSecret },
        body: {
          id: `event-${payment.paymentId}`,
          timestamp: new Date().toISOString(),
          merchantNumber: 100017120,
          event: 'payment.reservation.created.v2',
          data: { paymentId: payment.paymentId, amount: { amount: payment.amountOre } },
        },
      });
      expect(webhook.status).toBe(200);
      expect(await shop.kill('SIGKILL')).toBe('SIGKILL');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silentSmtp.close(() => resolve()));
    }
    await expectChargedOnce(payment);
    const [claimed] = await inspect((db) =>
      db
        .select({ status: mailOutbox.status, claimedBy: mailOutbox.claimedBy })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, 'order-confirmation')),
        ),
    );
    expect(claimed?.status).toBe('pending');
    expect(claimed?.claimedBy).not.toBeNull();

    // Started again with mail written to files: the claim's short lease runs out and the
    // confirmation goes out well within a minute of the restart, once.
    const shop = await startShop({ PAYMENT_SWEEP_MINUTES: '0' });
    await waitFor(
      'the confirmation after the restart',
      async () => (await confirmationFiles(user.email)).length > 0,
    );
    expect(await shop.kill('SIGTERM')).toBe(0);
    expect(await confirmationFiles(user.email)).toHaveLength(1);
    expect(chargesOf(payment.paymentId)).toHaveLength(1);
  }, 300_000);
});
