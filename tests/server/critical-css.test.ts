import { describe, expect, it } from 'vitest';
import { classNamesOf, criticalCss } from '../../server/lib/critical-css';

const page = classNamesOf(
  '<div class="a  b"><p class="c">x</p><i class=""></i></div><b data-class="z">y</b>',
);

describe('the rules a prerendered screen uses (critical CSS)', () => {
  it('reads the class names of every class attribute', () => {
    expect([...page].sort()).toEqual(['a', 'b', 'c']);
  });

  it('keeps a rule when one of its selectors may match, in the stylesheet’s order', () => {
    const css =
      '.a{color:red}.z{color:blue}.z,.c{margin:0}p.c:hover{color:green}.a .b>.c::before{content:"}"}';
    expect(criticalCss(css, page)).toBe(
      '.a{color:red}.z,.c{margin:0}p.c:hover{color:green}.a .b>.c::before{content:"}"}',
    );
  });

  it('drops a rule only when every selector requires a class the page does not use', () => {
    expect(criticalCss('.a.z{x:1}.z .a{x:2}.zz{x:3}', page)).toBe('');
  });

  it('does not require the classes inside functional pseudo-classes and attribute selectors', () => {
    const css = '.a:not(.z){x:1}.b:where(.z,.y){x:2}:is(.z) .c{x:3}[class~="z"]{x:4}.a[data-x=".z"]{x:5}';
    expect(criticalCss(css, page)).toBe(css);
  });

  it('keeps rules without class names (elements, ids, attributes, the root)', () => {
    const css = ':root{--x:1}*,:before{box-sizing:border-box}body{margin:0}#root[data-prerendered]{y:1}';
    expect(criticalCss(css, page)).toBe(css);
  });

  it('keeps the grouping at-rules that still hold a rule, with only those rules', () => {
    const css =
      '@media (hover:hover){.a:hover{x:1}.z:hover{x:2}}@media print{.z{x:3}}@supports (display:grid){@media (width>1px){.c{x:4}.y{x:5}}}';
    expect(criticalCss(css, page)).toBe(
      '@media (hover:hover){.a:hover{x:1}}@supports (display:grid){@media (width>1px){.c{x:4}}}',
    );
  });

  it('keeps every other at-rule and statement whole', () => {
    const css =
      '@charset "utf-8";@layer base,app;@keyframes spin{from{x:0}to{x:1}}@font-face{font-family:F;src:url(f.woff2)}.z{x:1}';
    expect(criticalCss(css, page)).toBe(
      '@charset "utf-8";@layer base,app;@keyframes spin{from{x:0}to{x:1}}@font-face{font-family:F;src:url(f.woff2)}',
    );
  });

  it('reads past braces in strings and comments and escaped class names', () => {
    const css = '/* .z{ */.a::after{content:"{.z}"}.z{content:\'}\'}.a\\:b{x:1}.c{x:2}';
    expect(criticalCss(css, new Set(['a', 'a:b', 'c']))).toBe(
      '/* .z{ */.a::after{content:"{.z}"}.a\\:b{x:1}.c{x:2}',
    );
  });
});
