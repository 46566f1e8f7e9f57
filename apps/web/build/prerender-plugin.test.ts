import { describe, expect, it, vi } from 'vitest';
import { indexAssets, signInPageHtml, signInStartScript } from './prerender-plugin.ts';

/** index.html as `vite build` writes it: the entry script, a preloaded chunk and two stylesheets. */
const builtIndex = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>Client Portal</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/start-Zz9.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Css1.css">
    <link rel="stylesheet" crossorigin href="/assets/start-Css2.css">
  </head>
  <body>
    <noscript>Client Portal needs JavaScript to run.</noscript>
    <div id="root"></div>
  </body>
</html>
`;

describe('indexAssets', () => {
  it('finds the entry script and every stylesheet, in order', () => {
    expect(indexAssets(builtIndex)).toEqual({
      entry: '/assets/index-AbC123.js',
      stylesheets: ['/assets/index-Css1.css', '/assets/start-Css2.css'],
    });
  });

  it('refuses an index.html without the entry script', () => {
    expect(() => indexAssets(builtIndex.replace(/<script[^\n]*\n/, ''))).toThrow(/entry script/);
  });
});

describe('signInPageHtml', () => {
  const page = {
    title: 'Sign in | Client Portal',
    html: '<form><h1>Sign in</h1></form>',
    css: '.a{color:red}',
  };
  const html = signInPageHtml(builtIndex, page, '/assets/signin-start-1234abcd.js');

  it('shows the prerendered page beside the hidden root, light, under the page title', () => {
    expect(html).toContain('<html lang="en-GB" data-mantine-color-scheme="light">');
    expect(html).toContain('<title>Sign in | Client Portal</title>');
    expect(html).not.toContain('<title>Client Portal</title>');
    expect(html).toContain(
      '<div id="prerendered"><form><h1>Sign in</h1></form></div><div id="root" hidden></div>',
    );
  });

  it('marks the Welsh copy as Welsh (decision 53)', () => {
    const welsh = signInPageHtml(
      builtIndex,
      { title: 'Mewngofnodi | Client Portal', html: '<form><h1>Mewngofnodi</h1></form>', css: '' },
      '/assets/signin-start-1234abcd.js',
      'cy',
    );
    expect(welsh).toContain('<html lang="cy" data-mantine-color-scheme="light">');
    expect(welsh).toContain('<title>Mewngofnodi | Client Portal</title>');
  });

  it('inlines the page styles and starts the app from the start script, not the entry', () => {
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/signin-start-1234abcd.js"></script>',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-AbC123.js">');
    expect(html).not.toContain('src="/assets/index-AbC123.js"');
  });

  it('preloads the stylesheets instead of blocking the first paint on them', () => {
    expect(html).toContain('<link rel="preload" as="style" href="/assets/index-Css1.css">');
    expect(html).toContain('<link rel="preload" as="style" href="/assets/start-Css2.css">');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/start-Zz9.js">');
  });

  it('copies the page and its styles as they are, `$` patterns included', () => {
    const dollars = signInPageHtml(
      builtIndex,
      { title: 'Pay $& go', html: '<p>$1 and $&</p>', css: '.b::after{content:"$\'"}' },
      '/s.js',
    );
    expect(dollars).toContain('<title>Pay $& go</title>');
    expect(dollars).toContain('<div id="prerendered"><p>$1 and $&</p></div>');
    expect(dollars).toContain('<style>.b::after{content:"$\'"}</style>');
  });

  it('refuses an index.html without the app root', () => {
    expect(() => signInPageHtml(builtIndex.replace('<div id="root"></div>', ''), page, '/s.js')).toThrow(
      /id="root"/,
    );
  });
});

/**
 * Runs the start script with the browser's pieces replaced: frames and timers on demand, links whose
 * load the test fires, and the one `import(…)` (which only a module can run) as a recorded call.
 */
function runStartScript(stylesheets: string[]) {
  const script = signInStartScript({ entry: '/assets/index-AbC123.js', stylesheets });
  expect(script.match(/\bimport\(/g)).toHaveLength(1);
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const links: { rel: string; href: string; onload?: () => void; onerror?: () => void }[] = [];
  const imported = vi.fn();
  const document = {
    createElement: () => ({ rel: '', href: '' }),
    head: { append: (link: (typeof links)[number]) => links.push(link) },
  };
  new Function(
    'requestAnimationFrame',
    'setTimeout',
    'document',
    'startEntry',
    script.replace('import(', 'startEntry('),
  )(
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => timers.push(callback),
    document,
    imported,
  );
  const paint = () => {
    for (const frame of frames.splice(0)) frame();
    for (const timer of timers.splice(0)) timer();
  };
  return { paint, links, imported };
}

describe('signInStartScript', () => {
  it('adds the stylesheets after the first paint, then starts the app once all have loaded or failed', () => {
    const { paint, links, imported } = runStartScript(['/assets/a.css', '/assets/b.css']);
    expect(links).toHaveLength(0);
    paint();
    expect(links.map((l) => [l.rel, l.href])).toEqual([
      ['stylesheet', '/assets/a.css'],
      ['stylesheet', '/assets/b.css'],
    ]);
    links[0]!.onload!();
    expect(imported).not.toHaveBeenCalled();
    links[1]!.onerror!();
    expect(imported).toHaveBeenCalledExactlyOnceWith('/assets/index-AbC123.js');
  });

  it('starts the app after the first paint when there is no stylesheet', () => {
    const { paint, imported } = runStartScript([]);
    expect(imported).not.toHaveBeenCalled();
    paint();
    expect(imported).toHaveBeenCalledExactlyOnceWith('/assets/index-AbC123.js');
  });
});
