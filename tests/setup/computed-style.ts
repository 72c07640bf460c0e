import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A faster `getComputedStyle` for the properties Testing Library, user-event and jest-dom read on
 * every query, click and visibility check: `display`, `visibility` (is it hidden? `getByRole`,
 * accessible names), `pointer-events` (can it be clicked?) and `opacity` (`toBeVisible`, with the
 * other two, on the element and every ancestor). jsdom computes an element's whole style on every
 * call, matching every rule of its default stylesheet and the page's, and forgets it at the next DOM
 * change: in the view tests that was about a sixth of all the CPU time. Here only the rules that set
 * one of these properties are matched, with jsdom's own cascade (stylesheet order, specificity,
 * `!important`, inline style, inheritance), and the result is kept until the DOM or a stylesheet
 * changes. Media rules count as jsdom counts them (a query naming `all` or `screen` applies, one with
 * a media feature, such as a width, never). Every other property, and anything this cascade does not
 * model (a keyword such as `inherit`, an `@import`, a rule nested in a media rule's), is left to
 * jsdom. `FAST_STYLE_CHECK=1` compares both for every call and throws on a difference;
 * `FAST_STYLE=0` turns it off.
 */

const PROPERTIES = {
  display: { inherit: false, initial: 'inline' },
  visibility: { inherit: true, initial: 'visible' },
  'pointer-events': { inherit: true, initial: 'auto' },
  opacity: { inherit: false, initial: '1' },
} as const;
type Property = keyof typeof PROPERTIES;
const CAMEL: Record<string, Property> = {
  display: 'display',
  visibility: 'visibility',
  pointerEvents: 'pointer-events',
  opacity: 'opacity',
};

interface Rule {
  selector: string;
  /** The rule's value for each of these properties it sets. */
  values: Partial<Record<Property, { value: string; important: boolean }>>;
  specificity: { a: number; b: number; c: number };
  /** Under a media query this cascade cannot evaluate: an element it matches goes to jsdom. */
  unsure: boolean;
}

// jsdom's default stylesheet and the specificity library it uses, found beside jsdom itself.
const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
const jsdomRoot = dirname(dirname(jsdomRequire.resolve('jsdom')));
const Specificity = jsdomRequire('@bramus/specificity').default as {
  calculate(selector: string): unknown[];
  max(...s: unknown[]): { value: { a: number; b: number; c: number } };
};
const DEFAULT_CSS = readFileSync(join(jsdomRoot, 'lib/jsdom/browser/default-stylesheet.css'), 'utf8');

const compare = (x: Rule['specificity'], y: Rule['specificity']) => x.a - y.a || x.b - y.b || x.c - y.c;
const GLOBAL_KEYWORD = /^(inherit|initial|unset|revert|revert-layer)$/i;

/**
 * Whether jsdom applies a media rule's rules: its list is empty or names `all` or `screen`; a query
 * with a media feature (a width, a colour scheme) never matches in jsdom (its `evaluateMediaList`).
 */
function mediaApplies(media: MediaList) {
  if (media.length === 0) return true;
  return Array.from({ length: media.length }, (_, i) => media.item(i)).some(
    (q) => q === 'all' || q === 'screen',
  );
}

function rulesOf(sheet: CSSStyleSheet, into: Rule[]) {
  const styleRule = (rule: CSSRule) => {
    const style = (rule as CSSStyleRule).style;
    const values: Rule['values'] = {};
    for (const property of Object.keys(PROPERTIES) as Property[]) {
      const value = style.getPropertyValue(property);
      if (value) values[property] = { value, important: style.getPropertyPriority(property) === 'important' };
    }
    if (Object.keys(values).length === 0) return;
    const selector = (rule as CSSStyleRule).selectorText;
    into.push({
      selector,
      values,
      specificity: Specificity.max(...Specificity.calculate(selector)).value,
      unsure: false,
    });
  };
  for (const rule of Array.from(sheet.cssRules)) {
    const kind = rule.constructor.name;
    if (kind === 'CSSStyleRule') styleRule(rule);
    else if (kind === 'CSSMediaRule') {
      // As jsdom does: the rules of a media rule whose query it matches apply, the others never
      // (Mantine's hiddenFrom/visibleFrom classes, a page's own breakpoints: width queries).
      if (!mediaApplies((rule as CSSMediaRule).media)) continue;
      for (const inner of Array.from((rule as CSSMediaRule).cssRules)) {
        if (inner.constructor.name === 'CSSStyleRule') styleRule(inner);
        // Anything else nested (another media rule...) is not modelled: jsdom answers.
        else into.push({ selector: '*', values: {}, specificity: { a: 0, b: 0, c: 0 }, unsure: true });
      }
    } else if (kind === 'CSSImportRule') {
      // Not modelled: every element goes to jsdom while such a sheet is there.
      into.push({ selector: '*', values: {}, specificity: { a: 0, b: 0, c: 0 }, unsure: true });
    }
  }
}

export function installFastComputedStyle(window: Window & typeof globalThis) {
  const marker = window as unknown as { __fastComputedStyle?: boolean };
  if (marker.__fastComputedStyle || process.env.FAST_STYLE === '0') return;
  marker.__fastComputedStyle = true;
  const check = process.env.FAST_STYLE_CHECK === '1';
  const real = window.getComputedStyle.bind(window);
  const { document } = window;

  // jsdom's default stylesheet, parsed by jsdom.
  const sheet = new window.CSSStyleSheet();
  sheet.replaceSync(DEFAULT_CSS);
  const defaults: Rule[] = [];
  rulesOf(sheet, defaults);

  // Cached results, dropped whenever the DOM or a stylesheet changes (a MutationObserver's pending
  // records, read synchronously at every call, say so: nothing is ever served stale).
  let cache = new WeakMap<Element, Partial<Record<Property, string | null>>>();
  let rules: Rule[] | undefined;
  let sheets = '';
  // A stylesheet changed through the CSSOM (insertRule) or another window width: no DOM mutation.
  const signature = () =>
    `${window.innerWidth} ${Array.from(document.styleSheets, (sheet) => sheet.cssRules.length).join(' ')}`;
  const observer = new window.MutationObserver(() => {});
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const fresh = () => {
    const now = signature();
    if (observer.takeRecords().length > 0 || now !== sheets) {
      sheets = now;
      cache = new WeakMap();
      rules = undefined;
    }
    if (!rules) {
      rules = [...defaults];
      for (const sheet of Array.from(document.styleSheets)) rulesOf(sheet, rules);
    }
    return rules;
  };

  /** The property's computed value as jsdom gives it, or null when jsdom must be asked. */
  const computed = (element: Element, property: Property): string | null => {
    const memo = cache.get(element) ?? {};
    if (property in memo) return memo[property] as string | null;
    let value = '';
    let important = false;
    let best: Rule['specificity'] | undefined;
    let result: string | null;
    try {
      for (const rule of rules as Rule[]) {
        const declared = rule.values[property];
        if (!declared && !rule.unsure) continue;
        let matches: boolean;
        try {
          matches = element.matches(rule.selector);
        } catch {
          matches = false; // a pseudo-element: jsdom matches none
        }
        if (!matches) continue;
        if (rule.unsure) throw new Error('unsure');
        if (!declared) continue;
        if (declared.important) {
          value = declared.value;
          important = true;
        } else if (!important && (!best || compare(rule.specificity, best) >= 0)) {
          best = rule.specificity;
          value = declared.value;
        }
      }
      const inline = (element as HTMLElement).style?.getPropertyValue(property);
      if (
        inline &&
        (!important || (element as HTMLElement).style.getPropertyPriority(property) === 'important')
      )
        value = inline;
      if (GLOBAL_KEYWORD.test(value)) throw new Error('keyword');
      const { inherit, initial } = PROPERTIES[property];
      if (value) result = value;
      else if (!inherit || !element.parentElement) result = initial;
      else result = computed(element.parentElement, property);
    } catch {
      result = null;
    }
    memo[property] = result;
    cache.set(element, memo);
    return result;
  };

  const fast = (element: Element) => {
    let declaration: CSSStyleDeclaration | undefined;
    const realOne = () => {
      declaration ??= real(element);
      return declaration;
    };
    const value = (property: Property) => {
      const v =
        element.ownerDocument === document && element.isConnected ? computed(element, property) : null;
      const jsdom = v === null || check ? realOne().getPropertyValue(property) : undefined;
      if (check && v !== null && v !== jsdom)
        throw new Error(
          `fast getComputedStyle: ${property} of ${element.outerHTML.slice(0, 200)} is ${v}, jsdom says ${jsdom}`,
        );
      return v ?? (jsdom as string);
    };
    return new Proxy({} as CSSStyleDeclaration, {
      get(_, key) {
        if (typeof key === 'string' && key in CAMEL) {
          fresh();
          return value(CAMEL[key]);
        }
        if (key === 'getPropertyValue')
          return (property: string) => {
            if (property in PROPERTIES) {
              fresh();
              return value(property as Property);
            }
            return realOne().getPropertyValue(property);
          };
        const v = Reflect.get(realOne(), key);
        return typeof v === 'function' ? v.bind(realOne()) : v;
      },
      has: (_, key) => Reflect.has(realOne(), key),
    });
  };

  window.getComputedStyle = ((element: Element, pseudo?: string | null) =>
    pseudo ? real(element, pseudo) : fast(element)) as typeof window.getComputedStyle;
}
