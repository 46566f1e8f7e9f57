import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { criticalCss } from './critical-css.ts';
import { type DrawnPage, drawPagesInNode } from './draw-in-node.ts';

export const SIGN_IN_PAGE_FILE = 'signin.html';
/**
 * The Welsh copy (decision 53), sent for /signin to a browser whose language cookie says Welsh
 * (apps/server/src/plugins/spa.ts; the app sets the cookie with its stored language).
 */
export const WELSH_SIGN_IN_PAGE_FILE = 'signin.cy.html';
export const SHELL_MODULE = '/src/app/prerender/sign-in-shell.tsx';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;

/** What the built index.html loads: the app's entry script and its stylesheets. */
export function indexAssets(indexHtml: string): { entry: string; stylesheets: string[] } {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry) throw new Error('index.html lacks the entry script');
  return { entry, stylesheets: [...indexHtml.matchAll(STYLESHEET)].map((m) => m[1] as string) };
}

/**
 * The sign-in page's start script, run after the browser has painted the prerendered page: adds the
 * app's stylesheets (preloaded meanwhile), then runs the app's entry (preloaded and compiled
 * meanwhile). Run at once, the entry's evaluation (over a second with the CPU slowed 4x) and the
 * whole stylesheet came before the first frame, so the copy showed no sooner than the app.
 */
export function signInStartScript(assets: { entry: string; stylesheets: string[] }): string {
  return `const stylesheets = ${JSON.stringify(assets.stylesheets)};
requestAnimationFrame(() =>
  setTimeout(() => {
    let waiting = stylesheets.length;
    const start = () => {
      waiting -= 1;
      if (waiting <= 0) import(${JSON.stringify(assets.entry)});
    };
    if (waiting === 0) start();
    for (const href of stylesheets) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = start;
      link.onerror = start;
      document.head.append(link);
    }
  }),
);
`;
}

/**
 * index.html turned into the sign-in page: the prerendered page beside the app's (hidden) root, which
 * lib/prerender.ts takes over; the styles that page uses inline; the app's stylesheets and entry
 * preloaded, and added by the start script at `startUrl` after the first paint.
 */
export function signInPageHtml(
  indexHtml: string,
  page: { title: string; html: string; css: string },
  startUrl: string,
  language: 'en' | 'cy' = 'en',
): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html lacks ${root}`);
  const { entry } = indexAssets(indexHtml);
  return indexHtml
    .replace(
      '<html lang="en-GB">',
      `<html lang="${language === 'cy' ? 'cy' : 'en-GB'}" data-mantine-color-scheme="light">`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`)
    .replace(
      ENTRY_SCRIPT,
      () =>
        `<link rel="modulepreload" crossorigin href="${entry}">\n` +
        `    <script type="module" crossorigin src="${startUrl}"></script>\n` +
        `    <style>${page.css}</style>`,
    )
    .replace(STYLESHEET, (_link, href: string) => `<link rel="preload" as="style" href="${href}">`)
    .replace(root, () => `<div id="prerendered">${page.html}</div><div id="root" hidden></div>`);
}

/**
 * After the client build, draws /signin with the app's own components in Node (React's
 * renderToString through Vite's SSR loader) and writes it as `signin.html`, which the server sends for
 * GET /signin (decision 0024). Runs before the precompression, which then compresses it too.
 */
export function prerenderPlugin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'client-portal-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const [english, welsh] = (await drawPagesInNode(root, SHELL_MODULE, ['en', 'cy'])) as [
          DrawnPage,
          DrawnPage,
        ];
        const index = readFileSync(join(outDir, 'index.html'), 'utf8');
        const assets = indexAssets(index);
        const styles = assets.stylesheets.map((href) => readFileSync(join(outDir, href), 'utf8')).join('\n');
        const start = signInStartScript(assets);
        const startUrl = `/assets/signin-start-${createHash('sha256').update(start).digest('hex').slice(0, 8)}.js`;
        writeFileSync(join(outDir, startUrl), start);
        const pages = [
          { file: SIGN_IN_PAGE_FILE, page: english, language: 'en' as const },
          { file: WELSH_SIGN_IN_PAGE_FILE, page: welsh, language: 'cy' as const },
        ];
        for (const { file, page, language } of pages) {
          const pageDocument = `<!doctype html><html data-mantine-color-scheme="light"><body>${page.html}</body></html>`;
          writeFileSync(
            join(outDir, file),
            signInPageHtml(index, { ...page, css: criticalCss(styles, pageDocument) }, startUrl, language),
          );
        }
      },
    },
  };
}
