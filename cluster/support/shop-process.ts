import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '../../apps/server/src/test/wait-for.js';

const root = path.resolve(import.meta.dirname, '../..');
export const serverEntry = path.join(root, 'apps/server/dist/server.js');

/** One compiled server process of the shop, as production runs it (`node dist/server.js`). */
export class ShopProcess {
  private child: ChildProcess | undefined;
  /** Its output, for the message of a test that fails. */
  readonly output: string[] = [];
  /** The processes a test stopped, whose end is no crash. */
  private readonly stopped = new WeakSet<ChildProcess>();
  private ended: string | undefined;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Its own data folder: nothing of the shop may depend on what is in it. */
  get dataDir(): string {
    return this.env.DATA_DIR ?? '';
  }

  /** How it ended when no test stopped it, with its output: a crash, for a test to report. */
  get crash(): string | undefined {
    return this.ended;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and waits until its `/ready` answers 200. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    // 'close', not 'exit': by then its last words (what killed it) are in the output.
    child.once('close', (code, signal) => {
      if (this.stopped.has(child)) return;
      this.ended ??= `${this.name} ended on its own (${signal ?? `exit ${code}`}):\n${this.output.join('')}`;
    });
    const keep = (chunk: Buffer) => this.output.push(chunk.toString('utf8'));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    try {
      await waitFor(`${this.name} to be ready`, async () => {
        if (child.exitCode !== null) throw new Error(`${this.name} stopped (${child.exitCode})`);
        const status = await fetch(`${this.url}/ready`).then(
          (answer) => answer.status,
          () => 0,
        );
        return status === 200;
      });
    } catch (error) {
      throw new Error(`${(error as Error).message}:\n${this.output.join('')}`, { cause: error });
    }
  }

  /** Sends `signal` and waits for the exit; its exit code (null when a signal ended it). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    this.stopped.add(child);
    child.kill(signal);
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await exited;
    clearTimeout(killer);
    return code;
  }
}
