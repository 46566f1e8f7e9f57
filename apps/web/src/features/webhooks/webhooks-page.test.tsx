import type { Webhook, WebhookAttempt, WebhookDelivery } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { jsonResponse } from '../../test/render';
import { APP_EMAIL, renderApp, signInAs } from '../../test/render-app';
import { userInfoAnswer } from '../../test/user-info';

const webhook: Webhook = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-001122334455',
  url: 'https://rota.example.com/portal-events',
  events: ['permit.added', 'ticket.cancelled'],
  sites: ['1001'],
  companyName: 'Acme Retail',
  createdBy: APP_EMAIL,
  createdAt: '2026-11-27T09:00:00.000Z',
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretUntil: null,
};
const delivery: WebhookDelivery = {
  id: '0b1c2d3e-4a5b-4c6d-8e7f-001122334466',
  eventId: '1b1c2d3e-4a5b-4c6d-8e7f-001122334477',
  eventType: 'permit.added',
  status: 'failed',
  attempts: 3,
  createdAt: '2026-11-27T09:05:00.000Z',
  lastAttemptAt: '2026-11-27T09:06:00.000Z',
  durationMs: 42,
  responseCode: 503,
  responseBody: 'down for a moment',
  error: 'The receiver answered 503',
};
/** One page of a list as the server answers it. */
function page<T>(rows: T[], total = rows.length) {
  return { rows, total, first: 'c-first', last: 'c-last' };
}
const secret = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const manager = () =>
  jsonResponse(
    userInfoAnswer({
      email: APP_EMAIL,
      features: ['Users.Add', 'Permits.View', 'Permits.Add'],
      access: ['1001', '1002'],
      sites: [
        { siteNumber: '1001', name: 'Riverside Retail Park' },
        { siteNumber: '1002', name: 'Harbour Point' },
      ],
    }),
  );

describe('the webhooks pages', () => {
  afterEach(() => sessionStore.clear());

  it('adds a webhook for some events at some sites and shows its secret once', async () => {
    signInAs();
    let sent: unknown;
    const { router } = renderApp('/admin/webhooks/add', {
      handlers: {
        '/user/info': manager,
        '/webhooks': (init) => {
          if (init.method !== 'POST') return jsonResponse(page([webhook]));
          sent = JSON.parse(String(init.body));
          return jsonResponse({ ...webhook, secret }, 201);
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Add webhook' });
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Please enter a URL.', { selector: 'a, li, p, div' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /URL/ }), webhook.url);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Permit added' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ticket cancelled' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '1001 Riverside Retail Park' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The webhook’s secret' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('webhook-secret')).toHaveTextContent(secret);
    expect(sent).toEqual({ url: webhook.url, events: ['permit.added', 'ticket.cancelled'], sites: ['1001'] });
    await userEvent.click(screen.getByRole('button', { name: 'Back to webhooks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/webhooks'));
    const row = await screen.findByRole('row', { name: new RegExp(webhook.url) });
    expect(row).toHaveTextContent('Permit added, Ticket cancelled');
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it('says a webhook turned off for failing, and turns it on again', async () => {
    signInAs();
    let current: Webhook = { ...webhook, enabled: false, disabledReason: 'failing' };
    const changes: unknown[] = [];
    renderApp('/admin/webhooks', {
      handlers: {
        '/user/info': manager,
        '/webhooks': () => jsonResponse(page([current])),
        [`/webhooks/${webhook.id}`]: (init) => {
          changes.push([init.method, JSON.parse(String(init.body))]);
          current = { ...webhook };
          return jsonResponse(current);
        },
      },
    });
    const row = await screen.findByRole('row', { name: new RegExp(webhook.url) });
    expect(row).toHaveTextContent('Turned off: failing');
    await userEvent.click(within(row).getByRole('button', { name: `Turn on the webhook to ${webhook.url}` }));
    expect(await screen.findByText(`The webhook to ${webhook.url} was changed.`)).toBeInTheDocument();
    expect(changes).toEqual([['PATCH', { enabled: true }]]);
    await waitFor(() =>
      expect(screen.getByRole('row', { name: new RegExp(webhook.url) })).toHaveTextContent('On'),
    );
  });

  it('shows the delivery log with what the receiver said, and replays a delivery', async () => {
    signInAs();
    const replays: string[] = [];
    renderApp(`/admin/webhooks/${webhook.id}`, {
      handlers: {
        '/user/info': manager,
        [`/webhooks/${webhook.id}`]: () => jsonResponse(webhook),
        [`/webhooks/${webhook.id}/deliveries`]: () => jsonResponse(page([delivery])),
        [`/webhooks/${webhook.id}/deliveries/${delivery.id}/replay`]: (init) => {
          replays.push(String(init.method));
          return jsonResponse({ ...delivery, status: 'pending' }, 202);
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Delivery log' });
    const row = await screen.findByRole('row', { name: new RegExp(delivery.id) });
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('503');
    expect(row).toHaveTextContent('down for a moment');
    expect(row).toHaveTextContent('42 ms');
    await userEvent.click(within(row).getByRole('button', { name: `Replay the delivery ${delivery.id}` }));
    expect(await screen.findByText(`The delivery ${delivery.id} will be sent again.`)).toBeInTheDocument();
    expect(replays).toEqual(['POST']);
  });

  it('pages the subscriptions on the server, keeping the page in the address', async () => {
    signInAs();
    let asked = 0;
    const { router } = renderApp('/admin/webhooks', {
      handlers: {
        '/user/info': manager,
        '/webhooks': () => {
          asked++;
          return jsonResponse(page([webhook], 23));
        },
      },
    });
    await screen.findByRole('row', { name: new RegExp(webhook.url) });
    expect(screen.getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toContain('after=c-last'));
    expect(router.state.location.search).toContain('page=2');
    // The next page is the server's: asked for again, with the cursor the address now holds.
    await waitFor(() => expect(asked).toBe(2));
  });

  it('shows every attempt of a delivery, newest first, from its log', async () => {
    signInAs();
    const attempts: WebhookAttempt[] = [
      {
        id: 'a3',
        attemptedAt: '2026-11-27T09:07:00.000Z',
        status: 'succeeded',
        durationMs: 12,
        responseCode: 204,
        responseBody: '',
        error: null,
      },
      {
        id: 'a2',
        attemptedAt: '2026-11-27T09:06:00.000Z',
        status: 'failed',
        durationMs: 40,
        responseCode: 503,
        responseBody: 'down for a moment',
        error: 'The receiver answered 503',
      },
      {
        id: 'a1',
        attemptedAt: '2026-11-27T09:05:00.000Z',
        status: 'failed',
        durationMs: 41,
        responseCode: 503,
        responseBody: 'down for a moment',
        error: 'The receiver answered 503',
      },
    ];
    const { router } = renderApp(`/admin/webhooks/${webhook.id}`, {
      handlers: {
        '/user/info': manager,
        [`/webhooks/${webhook.id}`]: () => jsonResponse(webhook),
        [`/webhooks/${webhook.id}/deliveries`]: () => jsonResponse(page([delivery])),
        [`/webhooks/${webhook.id}/deliveries/${delivery.id}`]: () => jsonResponse(delivery),
        [`/webhooks/${webhook.id}/deliveries/${delivery.id}/attempts`]: () => jsonResponse(page(attempts)),
      },
    });
    const row = await screen.findByRole('row', { name: new RegExp(delivery.id) });
    await userEvent.click(within(row).getByRole('link', { name: `Attempts of the delivery ${delivery.id}` }));
    await screen.findByRole('heading', { level: 1, name: 'Delivery attempts' });
    expect(router.state.location.pathname).toBe(`/admin/webhooks/${webhook.id}/deliveries/${delivery.id}`);
    const rows = await screen.findAllByRole('row', { name: /Delivered|Failed/ });
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Delivered');
    expect(rows[0]).toHaveTextContent('204');
    expect(rows[1]).toHaveTextContent('503');
    expect(rows[1]).toHaveTextContent('down for a moment');
    expect(rows[2]).toHaveTextContent('41 ms');
    expect(await screen.findByText(/Each attempt at the delivery/)).toHaveTextContent('Permit added');
  });
});
