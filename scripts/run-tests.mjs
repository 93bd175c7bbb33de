// `npm test`: every check in turn, stopping at the first that fails, with each stage's time, so
// a slow CI run says where its minutes went (issue 30).
import { spawnSync } from 'node:child_process';

const stages = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['format', ['run', 'format:check']],
  ['unit: shared', ['run', 'test', '--workspace', '@shop/shared']],
  ['unit: storefront', ['run', 'test', '--workspace', '@shop/web']],
  ['unit: back office', ['run', 'test', '--workspace', '@shop/admin']],
  ['unit: server', ['run', 'test', '--workspace', '@shop/server']],
  ['browser journeys', ['run', 'test:e2e']],
  ['cluster', ['run', 'test:cluster']],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];
const report = () => {
  console.log('\nTest stages:');
  for (const [name, seconds, ok] of times)
    console.log(`  ${ok ? 'passed' : 'FAILED'}  ${String(seconds).padStart(5)} s  ${name}`);
};

for (const [name, args] of stages) {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const { status, signal } = spawnSync(npm, args, { stdio: 'inherit' });
  const ok = status === 0;
  times.push([name, Math.round((performance.now() - started) / 1000), ok]);
  if (!ok) {
    report();
    console.error(`\n${name} failed${signal ? ` (${signal})` : ''}.`);
    process.exit(status ?? 1);
  }
}
report();
