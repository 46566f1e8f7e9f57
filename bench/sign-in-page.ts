/**
 * The sign-in page in Chromium (issue 10): JavaScript transferred (compressed as served), the largest
 * contentful paint, and when the app has taken the place of the build's copy of the page (the form can
 * be sent), with the CPU at 1x and slowed 4x. Needs `npm run build` first.
 * `npm run bench -- --sign-in`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.js';
import { openPglite } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { parseSettings } from '../apps/server/src/settings.js';

export async function measureSignInPage(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-signin-'));
  const database = await openPglite();
  await prepareDatabase(database, { seed: false });
  const settings = parseSettings({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PERMIT_DIGEST_ENABLED: 'false' });
  const app = await buildApp({ settings, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    for (const throttle of [1, 4]) {
      const context = await browser.newContext({ locale: 'en-GB' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      const scripts = new Map<string, { url: string; encoding: string }>();
      let jsBytes = 0;
      let jsFiles = 0;
      const encodings = new Set<string>();
      cdp.on('Network.responseReceived', (event) => {
        if (event.type === 'Script') {
          scripts.set(event.requestId, {
            url: event.response.url,
            encoding: String(event.response.headers['content-encoding'] ?? 'none'),
          });
        }
      });
      cdp.on('Network.loadingFinished', (event) => {
        const script = scripts.get(event.requestId);
        if (script) {
          jsBytes += event.encodedDataLength;
          jsFiles++;
          encodings.add(script.encoding);
        }
      });
      await page.goto(`${base}/signin`);
      // The build's copy of the page (signin.html) until the app takes its place and the button works.
      const usable = await page.waitForFunction(
        () =>
          !document.getElementById('prerendered') &&
          document.querySelector('form button[type="submit"]:not([disabled])') &&
          performance.now(),
        undefined,
        { timeout: 30_000, polling: 'raf' },
      );
      const usableMs = Number(await usable.jsonValue());
      await page.waitForTimeout(500);
      const paints = await page.evaluate(
        () =>
          new Promise<{ lcp: number; element: string; fcp: number; html: number; css: number }>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
              const last = entries[entries.length - 1];
              const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
              const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
              const css = performance
                .getEntriesByType('resource')
                .filter((r) => r.name.endsWith('.css'))
                .reduce((end, r) => Math.max(end, (r as PerformanceResourceTiming).responseEnd), 0);
              const element = last?.element;
              resolve({
                lcp: last?.startTime ?? -1,
                element: element
                  ? `${element.tagName.toLowerCase()} '${element.textContent?.slice(0, 30)}'`
                  : '?',
                fcp,
                html: nav.responseEnd,
                css,
              });
            }).observe({ type: 'largest-contentful-paint', buffered: true } as never);
          }),
      );
      const lcp = paints.lcp;
      console.log(
        `sign-in page, CPU ${throttle}x: ${jsFiles} scripts, ${(jsBytes / 1024).toFixed(0)} KB of JavaScript transferred ` +
          `(${[...encodings].join(', ')}), LCP ${lcp.toFixed(0)} ms (${paints.element}; HTML in at ${paints.html.toFixed(0)} ms, CSS at ` +
          `${paints.css.toFixed(0)} ms, first paint ${paints.fcp.toFixed(0)} ms), form usable (app in place) at ${usableMs.toFixed(0)} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
