/**
 * The part of the app's stylesheet a prerendered screen needs: every rule that may match its HTML.
 * A rule goes only when each of its selectors requires a class name the page does not use (classes
 * inside a functional pseudo-class such as `:not()` or `:is()` are not counted as required, so a
 * rule is dropped only when it cannot match). Element, id and attribute selectors are not judged:
 * rules without class names stay. At-rules with rules inside (`@media`, `@supports`, `@layer`,
 * `@container`) keep the rules that stay and go when none does; every other at-rule (`@keyframes`,
 * `@font-face`, statements) stays whole. The rules keep their order, so for the page's HTML the
 * result styles every element as the whole stylesheet does.
 */

/** The class names used in `html` (every `class` attribute). */
export function classNamesOf(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value.split(/\s+/)) if (name) names.add(name);
  return names;
}

/**
 * The item (a rule, an at-rule or a statement) that starts at `from`: where its block opens (-1 for
 * a statement) and the index just past it. Strings, comments and escapes are skipped over.
 */
function itemAt(css: string, from: number): { open: number; end: number } {
  let depth = 0;
  let open = -1;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i++;
      while (i < css.length && css[i] !== c) i += css[i] === '\\' ? 2 : 1;
    } else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 1;
    } else if (c === '\\') i++;
    else if (c === '{') {
      if (open < 0) open = i;
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth <= 0) return { open, end: i + 1 };
    } else if (c === ';' && open < 0) return { open: -1, end: i + 1 };
  }
  return { open, end: css.length };
}

/** A selector list split at its top-level commas. */
function selectorsOf(prelude: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  out.push(prelude.slice(start));
  return out;
}

/** The class names a selector requires: those outside parentheses and attribute brackets. */
function requiredClasses(selector: string): string[] {
  let flat = '';
  let depth = 0;
  for (const c of selector) {
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) flat += c;
  }
  return [...flat.matchAll(/\.((?:[\w-]|\\.)+)/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
}

const GROUPING = /^@(media|supports|layer|container)\b/i;

/** The rules of the stylesheet `css` that may match an element of a page using the class names `classes`. */
export function criticalCss(css: string, classes: ReadonlySet<string>): string {
  let out = '';
  for (let start = 0; start < css.length; ) {
    const { open, end } = itemAt(css, start);
    const item = css.slice(start, end);
    const prelude =
      open < 0
        ? ''
        : css
            .slice(start, open)
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .trim();
    start = end;
    if (open < 0 || (prelude.startsWith('@') && !GROUPING.test(prelude))) out += item;
    else if (prelude.startsWith('@')) {
      const inner = criticalCss(css.slice(open + 1, end - 1), classes);
      if (inner.trim()) out += `${item.slice(0, open - end + item.length + 1)}${inner}}`;
    } else if (selectorsOf(prelude).some((s) => requiredClasses(s).every((c) => classes.has(c)))) out += item;
  }
  return out;
}
