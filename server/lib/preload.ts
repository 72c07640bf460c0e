import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Route-aware preloading. The build leaves Vite's manifest (`.vite/manifest.json`: every chunk and
 * the chunks it imports) and the route table (`.vite/routes.json`: client path -> page module, see
 * vite.config.ts). For the path a browser asks for, this answers the `<link>` tags that let it
 * fetch the page's chunks in parallel with the entry, instead of discovering them one wave at a
 * time after the entry has run.
 */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
interface RouteTable {
  routes: Array<{ path: string; module: string }>;
  fallback?: string;
}

export interface RoutePreloads {
  /** The tags to write into the head of index.html for this path ('' when nothing to add). */
  linksFor(path: string): string;
  /**
   * The route's screen prerendered at build time (`.vite/prerendered.json`, written by the build
   * for the login screens: page module -> HTML), to write into the root element; undefined for
   * the other routes.
   */
  htmlFor(path: string): string | undefined;
}

/**
 * The manifest key of the chunk holding a module: its own key, or, for a page grouped with its flow
 * (vite.config.ts, `pageWithFlow`), which has none, the key of the chunk `.vite/modules.json` (each
 * chunk's file and its modules) finds it in. Undefined when no chunk holds it.
 */
export function manifestKeyOf(
  manifest: Record<string, { file: string }>,
  modules: Record<string, string[]>,
  module: string,
): string | undefined {
  if (manifest[module]) return module;
  const file = Object.keys(modules).find((f) => modules[f].includes(module));
  return Object.keys(manifest).find((key) => manifest[key].file === file);
}

const NONE: RoutePreloads = { linksFor: () => '', htmlFor: () => undefined };

/** A client route pattern (`/teacherSubject`, `/__machines/:name`) as the client router matches it. */
function matcher(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body === '/' ? '' : body}/?$`, 'i');
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function loadRoutePreloads(clientDir: string, base = '/'): RoutePreloads {
  const manifestFile = join(clientDir, '.vite/manifest.json');
  const routesFile = join(clientDir, '.vite/routes.json');
  if (!existsSync(manifestFile) || !existsSync(routesFile)) return NONE;
  let manifest: Record<string, ManifestChunk>;
  let table: RouteTable;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    table = JSON.parse(readFileSync(routesFile, 'utf8'));
  } catch {
    return NONE;
  }
  // A page grouped with its flow has no key of its own in the manifest (`manifestKeyOf`).
  let modules: Record<string, string[]> = {};
  try {
    const file = join(clientDir, '.vite/modules.json');
    if (existsSync(file)) modules = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    modules = {};
  }
  const keyOf = (module: string) => manifestKeyOf(manifest, modules, module) ?? module;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, into);
    return into;
  };
  // What index.html already loads: the entry and its static imports (and their CSS).
  const initial = new Set<string>();
  for (const key of Object.keys(manifest)) if (manifest[key].isEntry) closure(key, initial);
  const initialCss = new Set([...initial].flatMap((k) => manifest[k].css ?? []));

  let prerendered: Record<string, string> = {};
  try {
    const file = join(clientDir, '.vite/prerendered.json');
    if (existsSync(file)) prerendered = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    prerendered = {};
  }

  const cache = new Map<string, string>();
  const linksForModule = (module: string): string => {
    const cached = cache.get(module);
    if (cached !== undefined) return cached;
    const keys = [...closure(keyOf(module))].filter((k) => !initial.has(k));
    const css = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))].filter((c) => !initialCss.has(c));
    const tags = [
      ...css.map((file) => `<link rel="stylesheet" crossorigin href="${escapeAttr(base + file)}">`),
      ...keys.map(
        (k) => `<link rel="modulepreload" crossorigin href="${escapeAttr(base + manifest[k].file)}">`,
      ),
    ].join('\n    ');
    cache.set(module, tags);
    return tags;
  };
  const routes = table.routes.map((r) => ({ test: matcher(r.path), module: r.module }));

  const moduleOf = (path: string) => routes.find((r) => r.test.test(path))?.module ?? table.fallback;

  return {
    linksFor(path: string) {
      const module = moduleOf(path);
      return module ? linksForModule(module) : '';
    },
    htmlFor(path: string) {
      const module = moduleOf(path);
      return module && Object.hasOwn(prerendered, module) ? prerendered[module] : undefined;
    },
  };
}
