// `npm test`: every check in turn, stopping at the first that fails, with each stage's time, so
// a slow CI run says where its minutes went (issue 30). A CI log is often read from its tail
// alone, so the names of the failing tests are repeated after the stage times.
import { spawn } from 'node:child_process';

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
// Vitest marks a failed test or file with "FAIL" or "×"; Playwright numbers its failures "1) [project] ›".
const failureLine = /^\s*(?:FAIL\s|×\s|✗\s|\d+\) \[[\w-]+\] ›)/;
const errorLine = /^\s*(?:\w*Error\b|Error:|expected\b|Timed out|Test timed out)/;
// The colour codes Vitest and Playwright write around their words.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const MAX_NAMED = 20;

/** Runs one stage, echoing its output, and keeps the lines that name a failure and its first error. */
const runStage = (args) =>
  new Promise((resolve) => {
    const named = [];
    let expectingError = false;
    const scan = (line) => {
      const plain = line.replace(ansi, '');
      if (failureLine.test(plain)) {
        if (!named.includes(plain.trim()) && named.length < MAX_NAMED) named.push(plain.trim());
        expectingError = true;
      } else if (expectingError && errorLine.test(plain)) {
        if (named.length < MAX_NAMED) named.push(`    ${plain.trim().slice(0, 300)}`);
        expectingError = false;
      }
    };
    const child = spawn(npm, args, { stdio: ['inherit', 'pipe', 'pipe'] });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (chunk) => {
        to.write(chunk);
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        lines.forEach(scan);
      });
      from.on('end', () => rest && scan(rest));
    }
    child.on('close', (status, signal) => resolve({ status, signal, named }));
  });

const times = [];
const report = () => {
  console.log('\nTest stages:');
  for (const [name, seconds, ok] of times)
    console.log(`  ${ok ? 'passed' : 'FAILED'}  ${String(seconds).padStart(5)} s  ${name}`);
};

for (const [name, args] of stages) {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const { status, signal, named } = await runStage(args);
  const ok = status === 0;
  times.push([name, Math.round((performance.now() - started) / 1000), ok]);
  if (!ok) {
    report();
    if (named.length > 0) console.error(`\nWhat failed in ${name}:\n${named.join('\n')}`);
    console.error(`\n${name} failed${signal ? ` (${signal})` : ''}.`);
    process.exit(status ?? 1);
  }
}
report();
