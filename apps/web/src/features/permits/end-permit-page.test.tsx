import { type PermitDetail, ukDate, ukLastDayBefore } from '@client-portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { jsonResponse } from '../../test/render';
import { problem, renderPermitsApp } from './permits-test-app';

const DISABLE = ['Permits.View', 'Permits.Disable'];
const DAY = 86_400_000;
const permit: PermitDetail = {
  type: 'site',
  permitId: 7,
  reference: 'P1001-000007',
  site_SiteGroupNumber: '1001',
  vehicleRegistration: 'CUR1',
  driverName: 'Jo Bloggs',
  isTemp: true,
  started: new Date(Date.now() - 2 * DAY).toISOString(),
  ended: new Date(Date.now() + 5 * DAY).toISOString(),
  cancelledAt: null,
  duration: 'Temporary',
  reason: null,
  authorisedBy: null,
  addedBy: 'manager@acme.example',
  addedAt: new Date(Date.now() - 3 * DAY).toISOString(),
  uploadId: null,
  visitorLink: null,
};

function renderExpire(expire: () => Response, shown: PermitDetail = permit) {
  return renderPermitsApp('/permits/disable/site/7?state=current', {
    features: DISABLE,
    handlers: {
      '/permits/site/7': () => jsonResponse(shown),
      '/permits/site/7/expire': expire,
      '/permits': () => jsonResponse([]),
    },
  });
}

describe('ExpirePermitPage', () => {
  beforeAll(async () => {
    await Promise.all([import('./permits-layout'), import('./end-permit-page'), import('./permits-page')]);
  });
  afterEach(() => sessionStore.clear());

  it('shows the permit, asks, expires it and returns to the list with its query string', async () => {
    const { user, router, requests } = renderExpire(() =>
      jsonResponse({ ...permit, ended: new Date().toISOString() }),
    );
    expect(await screen.findByRole('heading', { name: 'Expire permit', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Expire permit | Client Portal'));
    expect(await screen.findByText('CUR1')).toBeInTheDocument();
    for (const text of [
      '1001',
      'Jo Bloggs',
      'Temporary',
      ukDate(permit.started),
      ukLastDayBefore(permit.ended),
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText(/Do you want to expire this permit\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/permits?state=current');

    await user.click(screen.getByRole('button', { name: 'Expire permit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/permits'));
    expect(router.state.location.search).toBe('?state=current');
    const expire = requests.find((r) => r.path === '/permits/site/7/expire');
    expect(expire?.init.method).toBe('POST');
  });

  it.each([
    [409, 'Only a permit that has started and not yet ended can be expired.', 'Please check the following'],
    [
      404,
      'The permit was not found. It may have been removed, or it is not at one of your sites.',
      'Please check the following',
    ],
    [500, 'The permit could not be expired. Please try again later.', 'Something went wrong'],
  ])('shows a %i answer in the feedback box and stays', async (status, message, heading) => {
    const { user, router } = renderExpire(() => problem(status));
    await user.click(await screen.findByRole('button', { name: 'Expire permit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent(heading);
    expect(router.state.location.pathname).toBe('/permits/disable/site/7');
    expect(screen.getByRole('button', { name: 'Expire permit' })).toBeEnabled();
  });

  it('says at once when the permit is not running, and does not offer to expire it', async () => {
    const ended = { ...permit, ended: new Date(Date.now() - DAY).toISOString() };
    renderExpire(() => problem(409), ended);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only a permit that has started and not yet ended can be expired.',
    );
    expect(screen.getByRole('button', { name: 'Expire permit' })).toBeDisabled();
  });

  it('says when the permit cannot be loaded, with a way back', async () => {
    renderPermitsApp('/permits/disable/group/99?siteNumber=SG01', { features: DISABLE });
    expect(await screen.findByRole('alert')).toHaveTextContent('The permit could not be loaded.');
    expect(screen.getByRole('link', { name: 'Back to permits' })).toHaveAttribute(
      'href',
      '/permits?siteNumber=SG01',
    );
    expect(screen.queryByRole('button', { name: 'Expire permit' })).not.toBeInTheDocument();
  });

  it('refuses a malformed address without asking the API', async () => {
    const { requests } = renderPermitsApp('/permits/disable/car/x', { features: DISABLE });
    expect(await screen.findByRole('alert')).toHaveTextContent('The permit could not be loaded.');
    expect(requests.filter((r) => r.path.startsWith('/permits'))).toEqual([]);
  });

  it('sends users without Permits.Disable to the permits page they can use, or to /', async () => {
    const { router } = renderPermitsApp('/permits/disable/site/7', { features: ['Permits.View'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/permits'));
  });

  it('sends a user without any permits page to /', async () => {
    const { router } = renderPermitsApp('/permits/disable/site/7', { features: ['Permits.CustomDuration'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
