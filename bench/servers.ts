// The processes `bench/run.ts` loads: the shop's compiled server as production runs it
// (`node apps/server/dist/server.js`, from `npm run build`), the same on two processes
// (bench/cluster-server.ts) and a bare Fastify ceiling (bench/ceiling-server.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** How each process is started: plain node for the compiled server, tsx for the bench's own. */
const commands = {
  shop: ['apps/server/dist/server.js'],
  cluster: ['--import', 'tsx', 'bench/cluster-server.ts'],
  ceiling: ['--import', 'tsx', 'bench/ceiling-server.ts'],
} as const;

export type ServerKind = keyof typeof commands;

export interface RunningServer {
  base: string;
  process: ChildProcess;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url}`);
}

/** CPU time a process and its children (the cluster's servers) have used, in clock ticks. */
function cpuTicks(pid: number): number {
  try {
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return (
      Number(fields[11]) +
      Number(fields[12]) +
      children
        .split(' ')
        .filter(Boolean)
        .reduce((sum, child) => sum + cpuTicks(Number(child)), 0)
    );
  } catch {
    // A process that ended between the listing and the reading.
    return 0;
  }
}

/**
 * Waits until a server that answers is idle too: the search index is read in the background
 * after start-up (2 s at 100,000 products), and a load run must not share the CPU with it.
 */
async function startUpDone(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  let quiet = 0;
  let before = cpuTicks(pid);
  for (let waited = 0; quiet < 2 && waited < 120; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuTicks(pid);
    // Under 2 ticks (20 ms) of CPU in 250 ms.
    quiet = now - before < 2 ? quiet + 1 : 0;
    before = now;
  }
}

/**
 * A port nothing listens on now, from the system: a fixed one could be another bench's, whose
 * server would then answer for one that failed to start.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server on 127.0.0.1 and resolves once it answers `readyPath` and is idle. */
export async function startServer(
  kind: ServerKind,
  env: NodeJS.ProcessEnv,
  readyPath = '/api/categories/web',
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, commands[kind], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_ON_START: 'false',
      // Nothing balances in front of the bench's server: stopping it need not wait.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}${readyPath}`, child);
    await startUpDone(child);
  } catch (error) {
    await stopServer({ base, process: child });
    throw error;
  }
  return { base, process: child };
}

export async function stopServer(server: RunningServer): Promise<void> {
  const child = server.process;
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function withServer<T>(
  kind: ServerKind,
  env: NodeJS.ProcessEnv,
  work: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const server = await startServer(kind, env);
  try {
    return await work(server);
  } finally {
    await stopServer(server);
  }
}

/** Resident memory of a process now, from /proc (Linux). */
export function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}
