// Keeps package-lock.json acceptable to `npm ci` everywhere.
//
// Some packages ship their native binary as one optional dependency per platform (Biome:
// @biomejs/cli-linux-x64, cli-darwin-arm64, cli-win32-x64, ...). When the registry this machine
// reaches lacks some of them, `npm install` leaves them out of the lock file, and `npm ci` then
// refuses the lock ("Missing: @biomejs/cli-darwin-x64 from lock file"). This script adds an entry
// for every such missing platform package (version, os, cpu, libc; no tarball address), so the lock
// lists them, `npm ci` accepts it, and npm skips them on platforms they are not for.
//
//   node scripts/lock-platforms.mjs           add what is missing (run after `npm install <pkg>`)
//   node scripts/lock-platforms.mjs --check   exit 1 when something is missing (part of `npm run lint`)
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const check = process.argv.includes('--check');
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));

/** os / cpu / libc of a platform package, read from its name (cli-linux-arm64-musl, win32-x64...). */
function platformOf(name) {
  const m =
    /-(android|darwin|freebsd|linux|openbsd|sunos|win32)-(arm64|arm|ia32|x64|ppc64|s390x|riscv64)(?:-(musl|gnu|msvc))?$/.exec(
      name,
    );
  if (!m) return null;
  const [, os, cpu, abi] = m;
  const libc = os === 'linux' ? (abi === 'musl' ? ['musl'] : ['glibc']) : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

const missing = [];
for (const [key, entry] of Object.entries(lock.packages)) {
  if (!key.startsWith('node_modules/') || !entry.optionalDependencies) continue;
  const base = key.slice(0, key.lastIndexOf('node_modules/'));
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const path = `${base}node_modules/${name}`;
    if (lock.packages[path] || lock.packages[`${key}/node_modules/${name}`]) continue;
    const platform = platformOf(name);
    // Only exact-version platform binaries are filled in; anything else is a real lock problem.
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    missing.push({
      path,
      after: key,
      entry: {
        version,
        cpu: platform.cpu,
        ...(entry.dev ? { dev: true } : {}),
        ...(platform.libc ? { libc: platform.libc } : {}),
        ...(entry.license ? { license: entry.license } : {}),
        optional: true,
        os: platform.os,
        ...(entry.engines ? { engines: entry.engines } : {}),
      },
    });
  }
}

if (check) {
  if (missing.length) {
    console.error(
      `package-lock.json lacks ${missing.length} optional platform package(s) (${missing
        .map((m) => m.path.replace(/^.*node_modules\//, ''))
        .join(', ')}): npm ci would refuse it. Run: node scripts/lock-platforms.mjs`,
    );
    process.exit(1);
  }
  process.exit(0);
}

if (!missing.length) {
  console.log('package-lock.json lists every optional platform package.');
  process.exit(0);
}
const packages = { ...lock.packages };
for (const m of missing) packages[m.path] = m.entry;
// npm keeps the entries sorted by path (the root "" first).
const sorted = Object.keys(packages).sort((a, b) =>
  a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'),
);
lock.packages = Object.fromEntries(sorted.map((k) => [k, packages[k]]));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${missing.length} platform package(s) to package-lock.json.`);
