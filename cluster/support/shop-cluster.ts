import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startReplicaPair, type ReplicaPair } from '../../apps/server/src/test/replica-pair.js';
import { startS3StandIn, type S3StandIn } from '../../apps/server/src/test/s3-stand-in.js';
import { Balancer } from './balancer.js';
import { MailStandIn } from './mail-stand-in.js';
import { ShopProcess } from './shop-process.js';

const bucket = 'shop-uploads';

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ShopCluster {
  /** The load balancer's address: the shop as shoppers reach it. */
  url: string;
  /** The shop's database, on the primary of a streaming-replication pair of its own. */
  databaseUrl: string;
  /** The same database on the pair's hot standby: the processes' DATABASE_READ_URL. */
  readUrl: string;
  /** The pair, for a test to stop and start the replica. */
  replication: ReplicaPair;
  processes: [ShopProcess, ShopProcess];
  balancer: Balancer;
  mail: MailStandIn;
  objectStore: S3StandIn;
  stop(): Promise<void>;
}

/**
 * Two compiled server processes of one shop on one PostgreSQL database with a read replica (a
 * streaming-replication pair of the machine's PostgreSQL, test/replica-pair.ts), one Redis, an S3
 * stand-in (s3rver) for uploads and an SMTP stand-in for mail, behind a local load balancer.
 * Each process has its own data folder, so nothing is shared through a disk.
 */
export async function startShopCluster(options: { redisUrl: string }): Promise<ShopCluster> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-cluster-'));
  const replication = await startReplicaPair();
  const database = 'shop_cluster';
  const admin = postgres(replication.primaryUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  await admin.end();
  const databaseUrl = new URL(replication.primaryUrl);
  databaseUrl.pathname = `/${database}`;
  const readUrl = new URL(replication.replicaUrl);
  readUrl.pathname = `/${database}`;

  const s3 = await startS3StandIn(bucket);
  const mail = new MailStandIn();
  const smtpPort = await mail.start();

  const ports = [await freePort(), await freePort()] as const;
  const balancer = new Balancer([
    { name: 'first', port: ports[0] },
    { name: 'second', port: ports[1] },
  ]);
  const balancerPort = await balancer.start();
  const url = `http://127.0.0.1:${balancerPort}`;

  const environment = (name: string): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: url,
    DATA_DIR: path.join(work, name),
    DATABASE_URL: databaseUrl.toString(),
    DATABASE_READ_URL: readUrl.toString(),
    REDIS_URL: options.redisUrl,
    // Shared by every process: a session signed by one is read by the other.
    JWT_SECRET: 'cluster-test-secret-of-at-least-thirty-two-characters',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...s3.env,
    TRUST_PROXY: 'true',
    // Long enough that only invalidation, never expiry, can explain a fresh answer.
    RESPONSE_CACHE_SECONDS: '600',
    SHUTDOWN_DRAIN_SECONDS: '1',
  });
  const processes: [ShopProcess, ShopProcess] = [
    new ShopProcess('first', ports[0], environment('first')),
    new ShopProcess('second', ports[1], environment('second')),
  ];
  // The replica has the new database before a process reads it.
  await replication.caughtUp();
  await Promise.all(processes.map((shop) => shop.start()));

  return {
    url,
    databaseUrl: databaseUrl.toString(),
    readUrl: readUrl.toString(),
    replication,
    processes,
    balancer,
    mail,
    objectStore: s3,
    stop: async () => {
      await Promise.all(processes.map((shop) => shop.stop()));
      await balancer.stop();
      await mail.stop();
      await s3.close();
      await replication.stop();
      await fs.rm(work, { recursive: true, force: true });
    },
  };
}
