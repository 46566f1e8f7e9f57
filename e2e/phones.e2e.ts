import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhoneContext } from './browser.js';
import { sharedServerUrl } from './shared-server.js';
import { DEMO_PASSWORD, signIn } from './sign-in.js';

/** Nothing wider than the phone's screen: the page never scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('on a phone 390 px wide', () => {
  const baseUrl = sharedServerUrl();
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newPhoneContext(browser, baseUrl);
    page = await context.newPage();
    await signIn(page, 'manager@acme.example', DEMO_PASSWORD);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the statistics with no sideways scroll, every legend on one line and every axis labelled', async () => {
    await page.goto('/statistics');
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    const charts = page.locator('[data-chart]');
    await charts.first().waitFor();
    await expect.poll(() => page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(6);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const legends = await page.evaluate(() =>
      Array.from(document.querySelectorAll('*'))
        .filter((e) => Array.from(e.classList).some((c) => /^mantine-ChartLegend-legend$/.test(c)))
        .map((legend) => {
          const items = Array.from(legend.children);
          const tops = new Set(items.map((i) => Math.round(i.getBoundingClientRect().top)));
          return {
            lines: tops.size,
            names: items.map((i) => i.textContent?.trim() ?? ''),
            right: legend.getBoundingClientRect().right,
          };
        }),
    );
    // The active permits, permits added, stays and enforcement charts draw legends (styled: one line each).
    expect(legends.length).toBeGreaterThanOrEqual(4);
    for (const legend of legends) {
      expect(legend.lines, legend.names.join(', ')).toBe(1);
      expect(legend.names.every((name) => name.length > 0)).toBe(true);
      expect(legend.right).toBeLessThanOrEqual(390);
    }
    // Every chart labels both its axes (Mantine draws each as an axisLabel text).
    const unlabelled = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-chart]'))
        .filter((chart) => chart.querySelector('.recharts-surface'))
        .filter((chart) => chart.querySelectorAll('[class*="Chart-axisLabel"]').length < 2)
        .map((chart) => chart.getAttribute('data-chart')),
    );
    expect(unlabelled).toEqual([]);
  });

  it('keeps the top bar on one line', async () => {
    const banner = page.getByRole('banner');
    const box = await banner.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(72);
    const title = await banner.getByRole('heading', { name: 'Client Portal' }).boundingBox();
    expect(title!.height).toBeLessThan(40);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });

  it('turns the permits table into cards that show the dates and the Expire action', async () => {
    await page.goto('/permits?state=current');
    const cards = page.getByRole('list', { name: 'permits' });
    await cards.getByRole('listitem').first().waitFor();
    const first = cards.getByRole('listitem').first();
    await first.getByText('End date').waitFor();
    await first.getByText('Start date').waitFor();
    expect(await first.getByText(/^\d\d\/\d\d\/\d{4}$/).count()).toBeGreaterThanOrEqual(2);
    const expire = first.getByRole('link', { name: /^Expire the permit/ });
    expect(await expire.isVisible()).toBe(true);
    const box = await expire.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });

  it('re-sorts the permit cards from the Sort by select, through the server', async () => {
    await page.goto('/permits?state=current');
    const cards = page.getByRole('list', { name: 'permits' });
    await cards.getByRole('listitem').first().waitFor();
    // Each card's Expire link names its registration, in the order the cards are shown.
    const expireLinks = cards.getByRole('link', { name: /^Expire the permit for / });
    const registrations = async () => {
      const labels = await Promise.all(
        (await expireLinks.all()).map((link) => link.getAttribute('aria-label')),
      );
      return labels.map((label) => label!.replace('Expire the permit for ', ''));
    };
    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await sortBy.selectOption({ label: 'Vehicle registration, descending' });
    await expect.poll(async () => (await registrations()).length).toBe(10);
    let shown = await registrations();
    await expect
      .poll(async () => {
        shown = await registrations();
        return shown.join() === [...shown].sort().reverse().join();
      })
      .toBe(true);
    const firstDescending = shown[0];
    await sortBy.selectOption({ label: 'Vehicle registration, ascending' });
    await expect.poll(async () => (await registrations())[0] !== firstDescending).toBe(true);
    shown = await registrations();
    expect(shown.join()).toBe([...shown].sort().join());
  });

  it('keeps the invoicing steps on one readable line', async () => {
    await page.goto('/invoicing');
    await page.getByRole('button', { name: 'Choose Parking transactions' }).waitFor();
    const steps = page.locator('.mantine-Stepper-steps');
    const box = await steps.boundingBox();
    expect(box!.height).toBeLessThan(60);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
});
