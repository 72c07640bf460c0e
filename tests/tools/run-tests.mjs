// `npm test`: every project but e2e (client, unit, model, server and the *-mocked ones) in one vitest run, then the total
// wall time. Extra arguments go to vitest (`npm test -- tests/server/auth.test.ts`).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

// The model project writes fresh coverage records each run (see tests/model/run.ts).
rmSync('test-results/model-coverage', { recursive: true, force: true });
const started = process.hrtime.bigint();
const projects = ['client', 'client-mocked', 'unit', 'model', 'model-mocked', 'server'].flatMap((p) => [
  '--project',
  p,
]);
const run = spawnSync('npx', ['vitest', 'run', ...projects, ...process.argv.slice(2)], { stdio: 'inherit' });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const m = Math.floor(seconds / 60);
const s = (seconds - m * 60).toFixed(1);
console.log(`\nnpm test: ${m} min ${s} s in total (${run.status === 0 ? 'passed' : 'FAILED'})`);
process.exit(run.status ?? 1);
