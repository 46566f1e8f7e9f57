import { describe, expect, it } from 'vitest';
import { criticalCss } from './critical-css.ts';

const page = `<!doctype html><html><body>
  <main class="shell"><form class="form"><input class="field" placeholder="Email"><button class="primary">Sign in</button></form></main>
</body></html>`;

/** The CSS as one line per rule, without the spacing postcss keeps from the input. */
const compact = (css: string) =>
  css
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');

describe('criticalCss', () => {
  it('keeps the rules whose selectors match an element of the page and drops the others', () => {
    const css = '.field { color: red; }\n.table { color: blue; }\nform .primary { color: green; }';
    expect(compact(criticalCss(css, page))).toBe('.field { color: red; } form .primary { color: green; }');
  });

  it("keeps only a rule's selectors that match", () => {
    expect(compact(criticalCss('.table, .field, .menu { margin: 0; }', page))).toBe('.field { margin: 0; }');
  });

  it('keeps the states and pseudo-elements of elements on the page, not of the others', () => {
    const css = [
      '.primary:hover { color: red; }',
      '.primary:focus-visible { outline: 2px solid; }',
      '.field::placeholder { color: grey; }',
      '.field:not(:disabled):focus { color: black; }',
      '.menu:hover { color: blue; }',
      '.menu::before { content: ""; }',
    ].join('\n');
    expect(compact(criticalCss(css, page))).toBe(
      '.primary:hover { color: red; } .primary:focus-visible { outline: 2px solid; } ' +
        '.field::placeholder { color: grey; } .field:not(:disabled):focus { color: black; }',
    );
  });

  it('keeps the document-wide rules and selectors it cannot read', () => {
    const css =
      ':root { --a: 1; }\nhtml { margin: 0; }\nbody { margin: 0; }\n* { box-sizing: border-box; }\n.menu::view-transition { color: red; }';
    expect(compact(criticalCss(css, page))).toBe(
      ':root { --a: 1; } html { margin: 0; } body { margin: 0; } * { box-sizing: border-box; } .menu::view-transition { color: red; }',
    );
  });

  it('drops @media and @supports blocks left empty, keeps the rest and other at-rules whole', () => {
    const css = [
      '@media (min-width: 40em) { .field { width: 20em; } .table { width: 100%; } }',
      '@media print { .table { display: none; } }',
      '@supports (display: grid) { .menu { display: grid; } }',
      '@layer base { .table { color: red; } }',
      '@font-face { font-family: Brand; src: url(/brand.woff2); }',
      '@keyframes spin { from { rotate: 0deg; } to { rotate: 360deg; } }',
    ].join('\n');
    expect(compact(criticalCss(css, page))).toBe(
      '@media (min-width: 40em) { .field { width: 20em; } } ' +
        '@font-face { font-family: Brand; src: url(/brand.woff2); } ' +
        '@keyframes spin { from { rotate: 0deg; } to { rotate: 360deg; } }',
    );
  });
});
