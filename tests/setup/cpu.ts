import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';

// TEST_CPU_LOG=<file>: every test file appends the CPU time (user + system, seconds) its worker spent
// on it, from its first test to its last, set-up included. CPU time, unlike wall time, hardly
// depends on what else the machine runs: compare a change's figures with these.
let start: NodeJS.CpuUsage;
beforeAll(() => {
  start = process.cpuUsage();
});
afterAll(() => {
  const { user, system } = process.cpuUsage(start);
  const file = (expect.getState().testPath ?? '').replace(`${process.cwd()}/`, '');
  appendFileSync(process.env.TEST_CPU_LOG as string, `${((user + system) / 1e6).toFixed(2)} ${file}\n`);
});
