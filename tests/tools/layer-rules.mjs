#!/usr/bin/env node
// Enforces the layer rules of docs/architecture.md; `npm run lint` runs it and fails on a violation.
//   machines/  imports only xstate (and xstate/*) and contract/ (and other machines/ files)
//   contract/  imports none of our folders (packages such as superstruct are fine)
//   server/    never imports src/ or machines/
//   src/       makes HTTP calls only through src/api/client.ts (no other file calls fetch, opens an
//              XMLHttpRequest or imports redaxios)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const ours = ['contract', 'machines', 'src', 'server', 'tests', 'scripts'];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'migrations') continue;
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) yield path;
  }
}

const importRe =
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function layerOf(file, spec) {
  if (!spec.startsWith('.')) return { pkg: spec };
  const target = relative(root, resolve(dirname(file), spec));
  return { folder: target.split('/')[0] };
}

const rules = {
  machines: ({ pkg, folder }) =>
    pkg !== undefined
      ? pkg === 'xstate' || pkg.startsWith('xstate/')
      : folder === 'machines' || folder === 'contract',
  contract: ({ pkg, folder }) => pkg !== undefined || folder === 'contract',
  server: ({ folder }) => folder !== 'src' && folder !== 'machines',
};

const violations = [];
for (const [layer, allowed] of Object.entries(rules)) {
  let dir;
  try {
    dir = join(root, layer);
    statSync(dir);
  } catch {
    continue;
  }
  for (const file of files(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec) continue;
      const target = layerOf(file, spec);
      if (target.folder && !ours.includes(target.folder) && target.folder !== '..') continue;
      if (!allowed(target)) violations.push(`${relative(root, file)}: imports '${spec}' (${layer}/ may not)`);
    }
  }
}

// One HTTP layer: src/api/client.ts. Anywhere else in src/, a call to fetch (bare or as
// window.fetch / globalThis.fetch), an XMLHttpRequest or an import of redaxios is a second one.
const httpClient = join(root, 'src/api/client.ts');
const directHttp = /(?<![\w$])fetch\s*\(|\bXMLHttpRequest\b|from\s*['"]redaxios['"]/;
for (const file of files(join(root, 'src'))) {
  if (file === httpClient) continue;
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .split('\n')
    .forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '');
      if (directHttp.test(code))
        violations.push(`${relative(root, file)}:${i + 1}: calls HTTP directly (use src/api/client.ts)`);
    });
}

// The repository stands alone: no comment or doc cites the product documents that live outside it
// (the original client's specification and the owner's decisions, or a sibling folder beside the checkout).
// The product rules are in docs/product.md; point there instead.
const outsideCitation = /\b(?:SPEC|DECISIONS)\.md\b/;
const relativeShared = /(?:\.\.\/)+shared\b/g;
function* textFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (['node_modules', '.git', 'dist', 'data', 'test-results', 'coverage'].includes(name)) continue;
    if (statSync(path).isDirectory()) yield* textFiles(path);
    else if (/\.(ts|tsx|mts|js|mjs|cjs|json|md|sql|html|css|ya?ml)$/.test(name)) yield path;
  }
}
const citationRoots = [...ours, 'docs', 'public', '.ci'].map((d) => join(root, d));
const citationFiles = ['README.md', 'package.json', 'vite.config.ts', 'drizzle.config.ts', 'index.html'];
const citationPaths = [
  ...citationRoots.flatMap((dir) => {
    try {
      statSync(dir);
      return [...textFiles(dir)];
    } catch {
      return [];
    }
  }),
  ...citationFiles
    .map((f) => join(root, f))
    .filter((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    }),
];
for (const file of citationPaths) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const where = `${relative(root, file)}:${i + 1}`;
    if (outsideCitation.test(line))
      violations.push(`${where}: cites a document outside the repository (use docs/product.md)`);
    for (const m of line.matchAll(relativeShared)) {
      if (relative(root, resolve(dirname(file), m[0])).startsWith('..')) {
        violations.push(`${where}: points at '${m[0]}' outside the repository (use docs/product.md)`);
      }
    }
  });
}

if (violations.length) {
  console.error(`Layer rules broken (see docs/architecture.md):\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
console.log('layer rules: ok');
