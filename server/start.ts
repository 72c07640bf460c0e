import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { main } from './main';

/** `npm start`: builds the client when dist/ is missing or older than its sources, then starts the server. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) walk(p);
  return newest;
}

const built = 'dist/client/index.html';
const sources = ['src', 'machines', 'contract', 'index.html', 'vite.config.ts', 'package.json', 'public'];
if (!existsSync(built) || statSync(built).mtimeMs < newestMtime(sources)) {
  console.log('Building the client (first start, or sources changed)...');
  execSync('npx vite build --logLevel warn', {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
await main();
