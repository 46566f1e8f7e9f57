import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/**
 * Debian's Chromium headless shell (package `chromium-headless-shell`) when it is there, the full
 * Chromium otherwise; CHROMIUM_PATH names another. The shell is the same Blink without the browser's
 * windowing: what Playwright itself runs headless. A new context and its first page cost the machine
 * 0.6 s of CPU in it against 1.3 s in the full browser, a sign-in 0.4 s against 0.55 s (decision 55).
 */
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => fs.existsSync(path)) ??
  '/usr/bin/chromium';

let shared: Promise<Browser> | undefined;

/**
 * Chromium, headless, with nothing reaching out to the network: one per Vitest worker,
 * shared by the files the worker runs one after another (isolate: false keeps this module's state
 * between them), which saves a browser start per file. Each caller gets a view of it whose `close()`
 * closes the contexts that caller opened and leaves the browser to the next file; Playwright ends the
 * browser when the worker's process exits.
 */
export async function launchBrowser(): Promise<Browser> {
  shared ??= chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const browser = await shared;
  if (!browser.isConnected()) {
    shared = undefined;
    return launchBrowser();
  }
  return borrowed(browser);
}

/** `browser` as one file sees it: the contexts (and pages) it opens are closed by its `close()`. */
function borrowed(browser: Browser): Browser {
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext')
        return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args));
      if (property === 'newPage')
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          track(page.context());
          return page;
        };
      if (property === 'close')
        return async () => {
          await Promise.all([...opened].map((context) => context.close()));
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A fresh context (own local storage) pointed at the server; console errors are collected. */
export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: 'en-GB', timezoneId: 'Europe/London' });
}

/** A phone's context (390 px wide, touch), as a clerk at the barrier holds it. */
export async function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
}
