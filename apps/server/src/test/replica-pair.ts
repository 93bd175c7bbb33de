import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';

const run = promisify(execFile);

export interface ReplicaPair {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: the primary, read-write. */
  primaryUrl: string;
  /** The hot standby of the primary: read-only, fed by streaming replication. */
  replicaUrl: string;
  /** Stops applying WAL on the replica (pg_wal_replay_pause), as a lagging replica would. */
  pauseReplay(): Promise<void>;
  /** Applies WAL again and resolves once the replica has replayed everything the primary has written so far. */
  resumeReplay(): Promise<void>;
  /** Resolves once the replica has replayed all of the primary's WAL up to now. */
  caughtUp(): Promise<void>;
  /** Stops the replica (a fast shutdown: its sessions are cut, as when its host restarts). */
  stopReplica(): Promise<void>;
  /** Starts the stopped replica again and resolves once it has caught up with the primary. */
  startReplica(): Promise<void>;
  /** Stops both clusters (immediate shutdown) and removes their folder; a second call does nothing. */
  stop(): Promise<void>;
}

const catchUpTimeoutMs = 30_000;
const pollMs = 20;

/**
 * The newest PostgreSQL installed: Debian keeps each major version in /usr/lib/postgresql/<n>/bin
 * (pg_config on the PATH may belong to another one); elsewhere pg_config says where they are.
 */
async function binDir(): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'pg_basebackup')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    const dir = stdout.trim();
    if (fs.existsSync(path.join(dir, 'pg_basebackup'))) return dir;
  } catch {
    // No pg_config either: said below.
  }
  throw new Error(`No PostgreSQL server binaries found (in ${root}/*/bin or pg_config --bindir)`);
}

/** Free ports of the loopback address, held open together so the two differ. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return server;
    }),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function logTail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Stops the clusters and removes their folder once the test process's end of its stdin closes:
 * on stop(), and also when the test process ends without calling it, or crashes. A process of
 * its own, detached, so a kill of the test worker's process group does not take it along, and
 * synchronous, so nothing can interleave with a shutdown.
 */
const watchdogProcess = `
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const [pgCtl, dir] = process.argv.slice(1);
process.stdin.resume().on('end', () => {
  let failed = false;
  for (const cluster of ['replica', 'primary']) {
    const data = path.join(dir, cluster);
    if (!fs.existsSync(path.join(data, 'postmaster.pid'))) continue;
    try {
      execFileSync('runuser', ['-u', 'postgres', '--', pgCtl, 'stop', '-D', data, '-m', 'immediate', '-w'],
        { cwd: dir, stdio: 'ignore' });
    } catch {
      failed = true;
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
});
`;

/**
 * A throwaway streaming-replication pair for tests of read replicas (DATABASE_READ_URL): a new
 * primary cluster and a hot standby of it, in a temporary folder, on free ports of the loopback
 * address, with the machine's PostgreSQL binaries; the machine's own server (port 5432) is not
 * touched. Both run as the `postgres` user: PostgreSQL refuses to run as root, which tests are.
 */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const bin = await binDir();
  const tool = (name: string) => path.join(bin, name);
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-replica-'));
  fs.chownSync(dir, uid, gid);
  const primaryData = path.join(dir, 'primary');
  const replicaData = path.join(dir, 'replica');
  const primaryLog = path.join(dir, 'primary.log');
  const replicaLog = path.join(dir, 'replica.log');

  const watchdog: ChildProcess = spawn(
    process.execPath,
    ['-e', watchdogProcess, tool('pg_ctl'), dir],
    {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  // The test process may end while it runs: only its stdin pipe ties the two.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref(): void }).unref();
  // Its exit code says whether the clusters stopped; a watchdog that could not start says null.
  const watchdogExit = once(watchdog, 'exit').then(
    ([code]) => code as number | null,
    () => null,
  );

  const clients: postgres.Sql[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all(clients.map((sql) => sql.end({ timeout: 1 })));
      // Waited for: the test process must not end while the clusters are still stopping.
      watchdog.ref();
      if (watchdog.exitCode === null && watchdog.signalCode === null) watchdog.stdin?.end();
      const code = await watchdogExit;
      if (code !== 0) throw new Error(`Stopping the replica pair in ${dir} failed (exit ${code})`);
    })());

  /** A server tool as the postgres user; on failure, an error with its output and the log's tail. */
  const asPostgres = async (what: string, log: string, name: string, args: string[]) => {
    try {
      await run('runuser', ['-u', 'postgres', '--', tool(name), ...args], { cwd: dir });
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(
        `Replica pair: ${what} failed (${name} ${args.join(' ')})\n${stderr}${stdout}\n--- ${log} ---\n${logTail(log)}`,
        { cause: error },
      );
    }
  };

  try {
    const [primaryPort, replicaPort] = (await freePorts(2)) as [number, number];
    await asPostgres('initdb of the primary', primaryLog, 'initdb', [
      '-D',
      primaryData,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      // As the machine's own server, so text sorts alike.
      '--locale=C.UTF-8',
      // A throwaway: no need to wait for the disk.
      '--no-sync',
    ]);
    fs.appendFileSync(
      path.join(primaryData, 'postgresql.conf'),
      [
        '',
        "listen_addresses = '127.0.0.1'",
        `port = ${primaryPort}`,
        // Sockets of its own: the default folder belongs to the machine's server.
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'hot_standby = on',
        // Throwaway data: durability only costs time. synchronous_commit stays on, so that a
        // committed row's WAL is written when it returns and caughtUp() (pg_current_wal_lsn)
        // covers it.
        'fsync = off',
        'full_page_writes = off',
        'autovacuum = off',
        'shared_buffers = 32MB',
        // Room for the cluster test's two shop processes (each a pool, a listener, a job lock).
        'max_connections = 100',
        '',
      ].join('\n'),
    );
    fs.appendFileSync(
      path.join(primaryData, 'pg_hba.conf'),
      '\nhost replication all 127.0.0.1/32 trust\n',
    );
    await asPostgres('starting the primary', primaryLog, 'pg_ctl', [
      'start',
      '-w',
      '-t',
      '30',
      '-D',
      primaryData,
      '-l',
      primaryLog,
    ]);
    await asPostgres('pg_basebackup of the primary', primaryLog, 'pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaData,
      // -R: standby.signal and primary_conninfo; WAL streamed alongside the copy.
      '-R',
      '-X',
      'stream',
      // A fast checkpoint: the default spreads it over minutes.
      '-c',
      'fast',
      '--no-sync',
    ]);
    // Later lines win: the copy's postgresql.conf still names the primary's port.
    fs.appendFileSync(
      path.join(replicaData, 'postgresql.conf'),
      `\nport = ${replicaPort}\nhot_standby = on\n`,
    );
    const startReplica = () =>
      asPostgres('starting the replica', replicaLog, 'pg_ctl', [
        'start',
        '-w',
        '-t',
        '30',
        '-D',
        replicaData,
        '-l',
        replicaLog,
      ]);
    await startReplica();

    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
    const connect = (url: string) => {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      clients.push(sql);
      return sql;
    };
    const primary = connect(primaryUrl);
    const replica = connect(replicaUrl);

    /** Polls `done` every 20 ms; after 30 s, an error with the replica's log tail. */
    const waitFor = async (what: string, done: () => Promise<boolean>) => {
      const deadline = Date.now() + catchUpTimeoutMs;
      while (!(await done())) {
        if (Date.now() > deadline)
          throw new Error(
            `Replica pair: the replica did not ${what} within ${catchUpTimeoutMs / 1000} s\n--- ${replicaLog} ---\n${logTail(replicaLog)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    };

    const caughtUp = async () => {
      const [{ lsn }] = (await primary`select pg_current_wal_lsn()::text as lsn`) as unknown as [
        { lsn: string },
      ];
      await waitFor(`replay the primary's WAL up to ${lsn}`, async () => {
        const [{ done }] = (await replica`
          select coalesce(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, false) as done
        `) as unknown as [{ done: boolean }];
        return done;
      });
    };

    return {
      primaryUrl,
      replicaUrl,
      pauseReplay: async () => {
        await replica`select pg_wal_replay_pause()`;
        // A pause is only requested by the call; until the startup process takes it, WAL that
        // arrives is still applied.
        await waitFor('pause replay', async () => {
          const [{ state }] = (await replica`
            select pg_get_wal_replay_pause_state() as state
          `) as unknown as [{ state: string }];
          return state === 'paused';
        });
      },
      resumeReplay: async () => {
        await replica`select pg_wal_replay_resume()`;
        await caughtUp();
      },
      caughtUp,
      stopReplica: () =>
        asPostgres('stopping the replica', replicaLog, 'pg_ctl', [
          'stop',
          '-w',
          '-m',
          'fast',
          '-D',
          replicaData,
        ]),
      startReplica: async () => {
        await startReplica();
        await caughtUp();
      },
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
