import { act, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppConfigProvider } from '../../lib/app-config-context';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { userInfoAnswer } from '../../test/user-info';
import { ChromeBanners } from './chrome-banners';
import { MaintenanceGate } from './maintenance-gate';
import { Snowflakes } from './snowflakes';

const EMAIL = 'someone@example.com';
const past = () => new Date(Date.now() - 60_000).toISOString();
const future = (ms: number) => new Date(Date.now() + ms).toISOString();

function renderChrome(
  path: string,
  entries: Record<string, string>,
  options: {
    features?: string[];
    connectionLost?: boolean;
    reload?: () => void;
    /** Answers GET /application/config; unavailable unless given. */
    config?: () => Response;
    expiresIn?: number;
  } = {},
) {
  const fetch = async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    if (pathname === '/user/info' && options.features) {
      return jsonResponse(userInfoAnswer({ email: EMAIL, features: options.features }));
    }
    if (pathname === '/application/config' && options.config) return options.config();
    return jsonResponse({ title: 'Service Unavailable', status: 503 }, 503);
  };
  const page = (
    <>
      <ChromeBanners reload={options.reload} />
      <MaintenanceGate>
        <p>The page</p>
      </MaintenanceGate>
      <Snowflakes />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/signin', element: page },
    ],
    { initialEntries: [path] },
  );
  const expiresIn = options.expiresIn ?? 300;
  const config = { entries, expiresAt: Date.now() + expiresIn * 1000, expiresIn, version: '2.2.0' };
  return renderWithProviders(
    <AppConfigProvider initial={config} stale={options.connectionLost}>
      <RouterProvider router={router} />
    </AppConfigProvider>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
}

const signIn = () =>
  sessionStore.set(
    sessionFromLogin({ accessToken: 't', refreshToken: 'r', expiresIn: 900 }, 'identity', EMAIL),
  );

/** In the notifications' Markdown (decision 39); HTML in it is text, never markup. */
const hostileMessage =
  'Back at **06:00**. Call [0161 496 0000](tel:01614960000).\n\n<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

declare global {
  interface Window {
    __pwned?: number;
  }
}

describe('maintenance', () => {
  afterEach(() => {
    sessionStore.clear();
    vi.useRealTimers();
  });

  it('shows visitors the offline message, written in Markdown, once the offline date has passed', async () => {
    renderChrome('/', { ApplicationOfflineDate: past(), ApplicationOfflineMessage: hostileMessage });
    const screenEl = await screen.findByTestId('maintenance-screen');
    expect(screen.queryByText('The page')).not.toBeInTheDocument();
    expect(screenEl.querySelector('strong')).toHaveTextContent('06:00');
    expect(screen.getByRole('link', { name: '0161 496 0000' })).toHaveAttribute('href', 'tel:01614960000');
    expect(screenEl.querySelector('script, img, [onerror]')).toBeNull();
    expect(screenEl).toHaveTextContent('<script>window.__pwned=1</script>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.__pwned).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Administrator sign in' })).toHaveAttribute('href', '/signin');
  });

  it('keeps /signin open, with a notice, so an administrator can sign in', async () => {
    renderChrome('/signin', { ApplicationOfflineDate: past() });
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(screen.getByTestId('maintenance-sign-in-notice')).toBeInTheDocument();
  });

  it('lets signed-in SysAdmin users through and reminds them the portal is offline', async () => {
    signIn();
    renderChrome('/', { ApplicationOfflineDate: past() }, { features: ['Application.SysAdmin'] });
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(await screen.findByTestId('offline-now-banner')).toBeInTheDocument();
  });

  it('shows signed-in users without SysAdmin the maintenance screen', async () => {
    signIn();
    renderChrome('/', { ApplicationOfflineDate: past() }, { features: ['Permits.View'] });
    expect(await screen.findByTestId('maintenance-screen')).toBeInTheDocument();
    expect(screen.queryByText('The page')).not.toBeInTheDocument();
  });

  it('announces future maintenance in a closable banner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderChrome('/', { ApplicationOfflineDate: future(60_000) }, { reload: vi.fn() });
    expect(await screen.findByText('The page')).toBeInTheDocument();
    const banner = screen.getByTestId('offline-banner');
    expect(banner).toHaveTextContent('will go offline for planned maintenance');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(banner).toHaveStyle({ opacity: '0' });
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('reloads when maintenance starts and never says "will go offline" at a time already past', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.fn();
    renderChrome('/', { ApplicationOfflineDate: future(10_000) }, { reload });
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(10_000));
    expect(reload).toHaveBeenCalledTimes(1);
    // Even before the reload lands, the notice has gone and the maintenance screen has taken over.
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument());
    expect(screen.queryByText(/will go offline/)).not.toBeInTheDocument();
    expect(screen.queryByText('The page')).not.toBeInTheDocument();
  });
});

describe('connection-lost banner', () => {
  it('shows while the config cannot be loaded', async () => {
    renderChrome('/', {}, { connectionLost: true });
    expect(await screen.findByTestId('connection-lost-banner')).toHaveTextContent(
      'Connection to the Client Portal API services was lost. Please wait a moment or try refreshing the page.',
    );
  });

  it('appears when a config refresh fails and goes once a retry 30 s later succeeds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const api = { up: false };
      renderChrome(
        '/',
        {},
        {
          expiresIn: 10,
          config: () =>
            api.up
              ? jsonResponse({ config: {}, expiresIn: 300, version: '2.2.0' })
              : jsonResponse({ title: 'Service Unavailable', status: 503 }, 503),
        },
      );
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByText('The page')).toBeInTheDocument();
      expect(screen.queryByTestId('connection-lost-banner')).not.toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(screen.getByTestId('connection-lost-banner')).toHaveTextContent(
        'Connection to the Client Portal API services was lost. Please wait a moment or try refreshing the page.',
      );

      api.up = true;
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(screen.queryByTestId('connection-lost-banner')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is absent while the config loads fine', async () => {
    renderChrome('/', {});
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(screen.queryByTestId('connection-lost-banner')).not.toBeInTheDocument();
  });
});

describe('winter decoration', () => {
  it('shows 20 snowflakes once WinterDecorationDate has passed', async () => {
    renderChrome('/', { WinterDecorationDate: past() });
    const field = await screen.findByTestId('snowflakes');
    expect(field.querySelectorAll('[data-snowflake]')).toHaveLength(20);
    expect(field).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows none before the date or without one', async () => {
    renderChrome('/', { WinterDecorationDate: future(86_400_000) });
    await waitFor(() => expect(screen.getByText('The page')).toBeInTheDocument());
    expect(screen.queryByTestId('snowflakes')).not.toBeInTheDocument();
  });
});
