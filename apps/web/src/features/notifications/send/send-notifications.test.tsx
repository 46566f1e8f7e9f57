import type { SentNotification } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFromLogin, sessionStore } from '../../../lib/session';
import { actAsPhone } from '../../../test/phone';
import { jsonResponse, renderWithProviders, testApiClient } from '../../../test/render';
import { ComposeForm } from './compose-form';
import { SentList } from './sent-list';

const sentRow = (id: string, over: Partial<SentNotification> = {}): SentNotification => ({
  id,
  title: `Sent ${id}`,
  body: 'Hello',
  html: '<p>Hello</p>',
  severity: 'urgent',
  audience: { kind: 'sites', numbers: ['SG01'] },
  email: false,
  startsAt: '2026-01-05T10:00:00.000Z',
  expiresAt: null,
  withdrawnAt: null,
  senderEmail: 'admin@operator.example',
  state: 'live',
  recipients: 12,
  read: 3,
  ...over,
});

function stub(
  rows: SentNotification[],
  paging: { total?: number; last?: string } = {},
  sending: () => Response = () => jsonResponse(sentRow('9', { recipients: 5 }), 201),
) {
  sessionStore.set(
    sessionFromLogin(
      { accessToken: 't', refreshToken: 'r', expiresIn: 900 },
      'identity',
      'admin@operator.example',
    ),
  );
  const calls: { call: string; body?: unknown; search: string }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined, search: url.search });
    if (call === 'GET /notifications/sent')
      return jsonResponse({
        rows,
        total: paging.total ?? rows.length,
        first: null,
        last: paging.last ?? null,
      });
    if (call === 'POST /notifications/sent') return sending();
    if (call.endsWith('/withdraw')) {
      const row = rows.find((r) => url.pathname.includes(`/${r.id}/`))!;
      row.state = 'withdrawn';
      return jsonResponse(row);
    }
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  return { calls, api: testApiClient(fetch as typeof globalThis.fetch) };
}

/** The sent list reads and writes its page in the address: it renders inside a router. */
function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}
const routed = (ui: ReactElement, entry = '/admin/notifications') => (
  <MemoryRouter initialEntries={[entry]}>
    {ui}
    <Where />
  </MemoryRouter>
);

describe('send page', () => {
  afterEach(() => {
    sessionStore.clear();
    vi.restoreAllMocks();
  });

  it('checks the form with the contract, previews the Markdown and sends', async () => {
    const { calls, api } = stub([]);
    renderWithProviders(<ComposeForm allSites />, { api });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('Title is required.')).not.toHaveLength(0);
    expect(calls.some((c) => c.call === 'POST /notifications/sent')).toBe(false);

    await userEvent.click(screen.getByRole('textbox', { name: /Title/ }));
    await userEvent.paste('Gates closed');
    await userEvent.click(screen.getByRole('textbox', { name: /Message/ }));
    await userEvent.paste('Use the **north** gate');
    await waitFor(() =>
      expect(within(screen.getByTestId('notification-preview')).getByText('north').tagName).toBe('STRONG'),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Urgent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent: it reached 5 users.')).toBeInTheDocument();
    expect(calls.find((c) => c.call === 'POST /notifications/sent')?.body).toEqual({
      title: 'Gates closed',
      body: 'Use the **north** gate',
      severity: 'urgent',
      audience: { kind: 'everyone' },
      email: false,
    });
  });

  it('says in its own words that the audience has left the sender’s reach', async () => {
    const { api } = stub([], {}, () =>
      jsonResponse({ title: 'Not Found', status: 404, detail: 'Site 1001 was not found.' }, 404),
    );
    renderWithProviders(<ComposeForm allSites />, { api });
    await userEvent.click(screen.getByRole('textbox', { name: /Title/ }));
    await userEvent.paste('Gates closed');
    await userEvent.click(screen.getByRole('textbox', { name: /Message/ }));
    await userEvent.paste('Use the north gate');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'The notification could not be sent. A site or client company you chose is no longer yours to reach: choose the audience again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Site 1001 was not found/)).toBeNull();
  });

  it('does not offer everyone to a sender without all-sites access', () => {
    const { api } = stub([]);
    renderWithProviders(<ComposeForm allSites={false} />, { api });
    expect(screen.queryByRole('radio', { name: 'Everyone' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Sites or site groups' })).toBeChecked();
  });

  it('on a phone lists what was sent as cards, with the counts and Withdraw in sight', async () => {
    actAsPhone();
    const { api } = stub([sentRow('1')]);
    renderWithProviders(routed(<SentList />), { api });
    const [card] = await screen.findAllByTestId('sent-row');
    expect(card!.tagName).toBe('LI');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card).toHaveTextContent(/Read\s*3/);
    expect(within(card!).getByTestId('sent-reached')).toHaveTextContent('12');
    expect(within(card!).getByRole('button', { name: 'Withdraw “Sent 1”' })).toBeInTheDocument();
  });

  it('lists what was sent with reach and read counts, and withdraws', async () => {
    const { calls, api } = stub([sentRow('1'), sentRow('2', { state: 'expired' })]);
    renderWithProviders(routed(<SentList />), { api });
    const rows = await screen.findAllByTestId('sent-row');
    expect(within(rows[0]!).getByTestId('sent-reached')).toHaveTextContent('12');
    expect(within(rows[0]!).getByTestId('sent-read')).toHaveTextContent('3');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Withdraw “Sent 1”' }));
    expect(await screen.findByText('“Sent 1” was withdrawn.')).toBeInTheDocument();
    expect(calls.some((c) => c.call === 'POST /notifications/sent/1/withdraw')).toBe(true);
  });

  it('keeps the page of what was sent in the address, beside the page’s other parameters (decision 28)', async () => {
    const { calls, api } = stub([sentRow('1')], { total: 25, last: 'cursor-2' });
    renderWithProviders(routed(<SentList />, '/admin/notifications?sent.after=cursor-1&sent.page=2&tab=x'), {
      api,
    });
    await screen.findAllByTestId('sent-row');
    const first = calls.find((c) => c.call === 'GET /notifications/sent')!;
    expect(new URLSearchParams(first.search).get('after')).toBe('cursor-1');

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(calls.some((c) => new URLSearchParams(c.search).get('after') === 'cursor-2')).toBe(true),
    );
    const where = new URLSearchParams(screen.getByTestId('where').textContent ?? '');
    expect(where.get('sent.after')).toBe('cursor-2');
    expect(where.get('sent.page')).toBe('3');
    expect(where.get('tab')).toBe('x');
  });
});
