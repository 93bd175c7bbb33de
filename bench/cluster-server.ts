// The shop as BENCH_PROCESSES compiled server processes on one port, for the bench's row of one
// process against two: node's cluster module hands the connections to the processes in turn, as
// a load balancer in front of several would, without a balancer process of its own taking CPU.
import cluster from 'node:cluster';
import path from 'node:path';

const processes = Number(process.env.BENCH_PROCESSES ?? 2);

// Each worker runs the compiled server under plain node, as production does, not this
// process's `--import tsx`.
cluster.setupPrimary({
  exec: path.resolve(import.meta.dirname, '../apps/server/dist/server.js'),
  execArgv: [],
});
for (let index = 0; index < processes; index++) cluster.fork();
process.on('SIGTERM', () => {
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
});
cluster.on('exit', () => {
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
});
