import { rmSync } from 'node:fs';

/**
 * Once per run of the model project: remove the coverage records of earlier runs, so the table of
 * `npm run test:model` (and `--report-only` after `npm test`) counts this run's paths only.
 */
export default function setup() {
  if (process.env.MODEL_STRUCTURE === 'only') return;
  rmSync('test-results/model-coverage', { recursive: true, force: true });
}
