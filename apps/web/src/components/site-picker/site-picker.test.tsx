import { SITE_PICKER_HIDE_DELAY_MS, type Site } from '@client-portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userKeys } from '../../lib/query-keys';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { userInfoSchema } from '../../lib/user-info';
import { jsonResponse, renderWithProviders, testApiClient, testQueryClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { rememberSite } from './recent-sites';
import { SitePicker, type SitePickerProps } from './site-picker';

const EMAIL = 'user@example.com';

/** A controlled picker that records every change. */
function Harness(props: Partial<SitePickerProps> & { changes: Site[][] }) {
  const { changes, ...pickerProps } = props;
  const [value, setValue] = useState<Site[]>([]);
  return (
    <SitePicker
      {...pickerProps}
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

function setup(
  props: Partial<SitePickerProps> = {},
  fetch: typeof globalThis.fetch = async () => jsonResponse([]),
  accessAllSites = false,
) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    userKeys.info(EMAIL),
    userInfoSchema.parse(
      userInfoAnswer({
        email: EMAIL,
        features: ['Permits.View'],
        sites: [
          { siteNumber: '1001', name: 'High Street' },
          { siteNumber: 'SG-1', name: 'North group' },
        ],
        accessAllSites,
        access: ['1001'],
      }),
    ),
  );
  const changes: Site[][] = [];
  const utils = renderWithProviders(<Harness {...props} changes={changes} />, {
    api: testApiClient(fetch),
    queryClient,
  });
  return { ...utils, changes, input: screen.getByRole('combobox') as HTMLInputElement };
}

describe('SitePicker', () => {
  beforeEach(() => {
    sessionStore.set(
      sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', EMAIL),
    );
  });
  afterEach(() => sessionStore.clear());

  it('lists the user’s own sites when empty and picks one', async () => {
    const { user, input, changes } = setup();
    await user.click(input);
    expect(screen.getByRole('option', { name: '1001 – High Street' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'SG-1 – North group' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'All sites' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: '1001 – High Street' }));
    expect(changes.at(-1)).toEqual([{ siteNumber: '1001', name: 'High Street' }]);
    expect(screen.getByText('1001 – High Street')).toBeInTheDocument();
  });

  it('is an ARIA combobox: expanded state, the listbox it controls and the active option', async () => {
    const { user, input } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    input.focus();
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    const active = screen.getByRole('option', { name: '1001 – High Street' });
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'SG-1 – North group' }).id,
    );
    await user.keyboard('{Enter}');
    expect(screen.getByText('SG-1 – North group')).toBeInTheDocument();
  });

  it('lists recent picks first when empty, then own sites not among them', async () => {
    rememberSite({ siteNumber: '1001', name: 'High Street' });
    rememberSite({ siteNumber: '77', name: 'Harbour' });
    const { user, input } = setup();
    await user.click(input);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['77 – Harbour', '1001 – High Street', 'SG-1 – North group']);
    const recent = screen.getByText('Recently used').parentElement as HTMLElement;
    expect(
      within(recent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['77 – Harbour', '1001 – High Street']);
    const own = screen.getByText('Your sites').parentElement as HTMLElement;
    expect(
      within(own)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['SG-1 – North group']);
  });

  it('remembers a searched pick and offers it as recent the next time the input is empty', async () => {
    const fetch = async () => jsonResponse([{ siteNumber: '4242', name: 'Quayside' }]);
    const { user, input, unmount } = setup({ multiple: true }, fetch as typeof globalThis.fetch);
    await user.click(input);
    expect(screen.queryByText('Recently used')).not.toBeInTheDocument();
    await user.type(input, '4242');
    await user.click(await screen.findByRole('option', { name: '4242 – Quayside' }));
    expect(input.value).toBe('');
    // Picked already, so not offered again in this picker; the next picker opened offers it as recent.
    expect(screen.queryByRole('option', { name: '4242 – Quayside' })).not.toBeInTheDocument();
    unmount();

    const second = setup();
    await user.click(second.input);
    const recent = screen.getByText('Recently used').parentElement as HTMLElement;
    expect(within(recent).getByRole('option', { name: '4242 – Quayside' })).toBeInTheDocument();
  });

  it('shows no recent picks while something is typed', async () => {
    rememberSite({ siteNumber: '77', name: 'Harbour' });
    const { user, input } = setup({}, (async () => jsonResponse([])) as typeof globalThis.fetch);
    await user.type(input, '99');
    expect(await screen.findByText('No sites found.')).toBeInTheDocument();
    expect(screen.queryByText('Recently used')).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '77 – Harbour' })).not.toBeInTheDocument();
  });

  it('leaves groups out and keeps digits only in a site-only picker', async () => {
    const { user, input } = setup({ siteOnly: true });
    await user.click(input);
    expect(screen.queryByRole('option', { name: /SG-1/ })).not.toBeInTheDocument();
    await user.type(input, 'sg-1a');
    expect(input.value).toBe('1');
    expect(await screen.findByText('Type at least 2 characters to search.')).toBeInTheDocument();
  });

  it('offers All sites to all-sites users when allowed', async () => {
    const { user, input, changes } = setup({ allowAllSites: true, multiple: true }, undefined, true);
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'All sites' }));
    expect(changes.at(-1)).toEqual([{ siteNumber: '*', name: '' }]);
  });

  it('searches with one number parameter per term after the debounce', async () => {
    const urls: string[] = [];
    const fetch = async (url: RequestInfo | URL) => {
      urls.push(String(url));
      return jsonResponse([
        { siteNumber: '12', name: 'Twelve' },
        { siteNumber: '34', name: 'Thirty-four' },
      ]);
    };
    const { user, input, changes } = setup({ multiple: true }, fetch as typeof globalThis.fetch);
    await user.type(input, '12 34');
    await user.click(await screen.findByRole('option', { name: '34 – Thirty-four' }));
    expect(urls).toEqual(['http://api.test/sites/search?number=12&number=34']);
    expect(changes.at(-1)).toEqual([{ siteNumber: '34', name: 'Thirty-four' }]);
  });

  it('aborts a search still in flight when the text changes', async () => {
    const signals: AbortSignal[] = [];
    const fetch = (_url: RequestInfo | URL, init?: RequestInit) => {
      signals.push(init?.signal as AbortSignal);
      if (signals.length === 1) {
        return new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        );
      }
      return Promise.resolve(jsonResponse([{ siteNumber: '123', name: 'Found' }]));
    };
    const { user, input } = setup({}, fetch as typeof globalThis.fetch);
    await user.type(input, '12');
    await waitFor(() => expect(signals).toHaveLength(1));
    await user.type(input, '3');
    expect(await screen.findByRole('option', { name: '123 – Found' })).toBeInTheDocument();
    expect(signals[0]?.aborted).toBe(true);
  });

  it('asks for a site when required and left empty', async () => {
    const { user, input } = setup({ required: true });
    await user.click(input);
    await user.tab();
    expect(await screen.findByText('Please select a site or site group.')).toBeInTheDocument();
  });

  it('uses the site-only required message', async () => {
    const { user, input } = setup({ required: true, siteOnly: true });
    await user.click(input);
    await user.tab();
    expect(await screen.findByText('Please select a site.')).toBeInTheDocument();
  });

  it('hides its popup 100 ms after the field loses focus, not before', async () => {
    const { user, input } = setup();
    await user.click(input);
    expect(screen.getByRole('option', { name: '1001 – High Street' })).toBeInTheDocument();
    const blurredAt = performance.now();
    fireEvent.blur(input);
    // Still there straight after the blur: a click on an option in that moment still lands.
    expect(screen.getByRole('option', { name: '1001 – High Street' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: '1001 – High Street' })).not.toBeInTheDocument(),
    );
    expect(performance.now() - blurredAt).toBeGreaterThanOrEqual(SITE_PICKER_HIDE_DELAY_MS - 5);
  });
});
