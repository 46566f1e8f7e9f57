import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { signInAs } from '../../test/render-app';
import { StatisticsPage } from './statistics-page';

function renderPage(entry: string, answer: (url: URL) => Response) {
  signInAs('manager@acme.example');
  const asked: URL[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(url);
    return url.pathname === '/sites/accessible' ? jsonResponse([]) : answer(url);
  };
  const router = createMemoryRouter([{ path: '/statistics', element: <StatisticsPage /> }], {
    initialEntries: [entry],
  });
  renderWithProviders(<RouterProvider router={router} />, {
    api: testApiClient(fetch as typeof globalThis.fetch),
  });
  return {
    sectionsAsked: () =>
      asked.filter((url) => /^\/statistics\/(parking|permits|enforcement|sites)$/.test(url.pathname)),
  };
}

describe('StatisticsPage', () => {
  // The session is cleared after each test by test/setup.ts.
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('refuses a custom period longer than the rule allows in its own words, in Welsh too, without asking', async () => {
    const notAsked = () => new Response(null, { status: 500 });
    const page = renderPage('/statistics?period=custom&from=2020-01-01&to=2025-01-01', notAsked);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The statistics could not be loaded.');
    expect(alert).toHaveTextContent('The period can be at most 13 months.');
    await i18n.changeLanguage('cy');
    expect(await screen.findByRole('alert')).toHaveTextContent('Gall y cyfnod fod yn 13 mis ar y mwyaf.');
    expect(page.sectionsAsked()).toEqual([]);
  });

  it('says in its own words that a site out of reach is not the reader’s', async () => {
    renderPage('/statistics?site=9999&period=last-month', () =>
      jsonResponse({ title: 'Not Found', status: 404, detail: 'English words from the server' }, 404),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The site or group chosen is not one of yours. Choose another.');
    expect(alert).not.toHaveTextContent('English words from the server');
  });
});
