import { launchBrowser, newContext } from '/work/main/e2e/browser.js';
import { startServer } from '/work/main/e2e/server-process.js';
const server = await startServer();
const browser = await launchBrowser();
try {
  const ctx = await newContext(browser, server.url);
  const page = await ctx.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto('/signin');
  await page.getByLabel('Email address').fill('admin@operator.example');
  await page.waitForTimeout(2000);
  console.log('count', await page.getByLabel('Password', { exact: true }).count(), await page.getByLabel('Password').count());
  console.log(await page.locator('label').evaluateAll((els) => els.map((e) => e.outerHTML)));
  console.log(await page.locator('input').evaluateAll((els) => els.map((e) => e.outerHTML)));
} finally {
  await browser.close();
  await server.stop();
}
