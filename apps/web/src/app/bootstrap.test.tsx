import { CONFIG_RETRY_MS } from '@client-portal/contract';
import { screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useApiClient } from '../lib/api-context';
import { AppConfigUnavailableError } from '../lib/app-config';
import { useAppConfig } from '../lib/app-config-context';
import { renderWithProviders, testApiClient } from '../test/render';
import { AppBootstrap, type StartupData } from './bootstrap';

function Probe() {
  useApiClient();
  return <p>Ready: {useAppConfig().config.version}</p>;
}

const startup: StartupData = {
  runtimeConfig: { apiBaseUrl: '/api', applicationHash: 'x', oidc: null },
  api: testApiClient(async () => new Response(null, { status: 204 })),
  appConfig: { entries: {}, expiresAt: Date.now() + 300_000, expiresIn: 300, version: '2.2.0' },
  stale: false,
};

describe('AppBootstrap', () => {
  it('shows the loader, then the app with config and API client', async () => {
    renderWithProviders(
      <AppBootstrap load={async () => startup}>
        <Probe />
      </AppBootstrap>,
    );
    expect(screen.getByText('Loading Client Portal…')).toBeInTheDocument();
    expect(await screen.findByText('Ready: 2.2.0')).toBeInTheDocument();
  });

  it('shows the failure notice when start-up fails', async () => {
    renderWithProviders(
      <AppBootstrap load={() => Promise.reject(new Error('no config'))}>
        <Probe />
      </AppBootstrap>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Client Portal failed to load');
  });

  it("says 'Failed to load application config.' without a config and tries again every 30 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let calls = 0;
      const load = async () => {
        calls += 1;
        if (calls < 3) throw new AppConfigUnavailableError(new Error('unreachable'));
        return startup;
      };
      renderWithProviders(
        <AppBootstrap load={load}>
          <Probe />
        </AppBootstrap>,
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load application config.');
      expect(calls).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(CONFIG_RETRY_MS - 100));
      expect(calls).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(calls).toBe(2);
      await act(() => vi.advanceTimersByTimeAsync(CONFIG_RETRY_MS));
      expect(await screen.findByText('Ready: 2.2.0')).toBeInTheDocument();
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
