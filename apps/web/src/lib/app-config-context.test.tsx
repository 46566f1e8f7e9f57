import { CONFIG_RETRY_MS, HASH_RELOAD_DELAY_MS, MAINTENANCE_POLL_MS } from '@client-portal/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, testApiClient } from '../test/render';
import type { AppConfig } from './app-config';
import { AppConfigProvider, useAppConfig } from './app-config-context';

// The test build's own hash (vitest.config.ts defines VITE_APP_BUILD_HASH).
const BUILT_IN_HASH = 'test-build-hash';

function Probe() {
  const { config, connectionLost } = useAppConfig();
  return (
    <>
      <output data-testid="version">{config.version}</output>
      <output data-testid="connection">{connectionLost ? 'lost' : 'ok'}</output>
    </>
  );
}

/** The fake API: each GET /application/config takes the current answer. */
function setup(
  initial: Partial<AppConfig> & { expiresAt: number },
  options: { reloadOnNewBuild?: boolean; stale?: boolean } = {},
) {
  const api = {
    answer: (): Response => jsonResponse({ config: {}, expiresIn: 300, version: '2.0.1' }),
    calls: 0,
  };
  const fetch = async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    if (pathname !== '/application/config') return jsonResponse({ title: 'Not Found', status: 404 }, 404);
    api.calls++;
    return api.answer();
  };
  const reload = vi.fn();
  const config: AppConfig = { entries: {}, expiresIn: 300, version: '2.0.0', ...initial };
  const utils = renderWithProviders(
    <AppConfigProvider
      initial={config}
      stale={options.stale}
      reloadOnNewBuild={options.reloadOnNewBuild}
      reload={reload}
    >
      <Probe />
    </AppConfigProvider>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
  return { ...utils, api, reload };
}

/** Moves the fake clock on and lets the fetches it starts settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const failing = () => jsonResponse({ title: 'Service Unavailable', status: 503 }, 503);
const answering =
  (version: string, config: Record<string, string> = {}, expiresIn = 300) =>
  () =>
    jsonResponse({ config, expiresIn, version });

describe('AppConfigProvider refresh', () => {
  beforeEach(() => {
    // Only timers and the clock: the fetch answers still resolve on real microtasks.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    window.sessionStorage.clear();
  });

  it('refreshes the config when it expires, and again when the new one does', async () => {
    const { api } = setup({ expiresAt: Date.now() + 60_000 });
    await advance(59_000);
    expect(api.calls).toBe(0);
    api.answer = answering('2.0.1', {}, 120);
    await advance(1_000);
    expect(api.calls).toBe(1);
    expect(screen.getByTestId('version')).toHaveTextContent('2.0.1');

    await advance(119_000);
    expect(api.calls).toBe(1);
    await advance(1_000);
    expect(api.calls).toBe(2);
  });

  it('while refreshing fails, reports the connection lost and retries every 30 s until it recovers', async () => {
    const { api } = setup({ expiresAt: Date.now() + 10_000 });
    api.answer = failing;
    await advance(10_000);
    const afterFirst = api.calls;
    expect(afterFirst).toBeGreaterThan(0);
    expect(screen.getByTestId('connection')).toHaveTextContent('lost');

    await advance(CONFIG_RETRY_MS - 1_000);
    expect(api.calls).toBe(afterFirst);
    await advance(1_000);
    expect(api.calls).toBe(afterFirst * 2);
    expect(screen.getByTestId('connection')).toHaveTextContent('lost');

    api.answer = answering('2.0.2');
    await advance(CONFIG_RETRY_MS);
    expect(api.calls).toBe(afterFirst * 2 + 1);
    expect(screen.getByTestId('connection')).toHaveTextContent('ok');
    expect(screen.getByTestId('version')).toHaveTextContent('2.0.2');

    // Recovered: back to the expiry schedule (300 s), not the 30 s retry.
    await advance(CONFIG_RETRY_MS);
    expect(api.calls).toBe(afterFirst * 2 + 1);
  });

  it('starting from a stale stored config, shows the connection lost and retries after 30 s', async () => {
    const { api } = setup({ expiresAt: Date.now() - 1_000 }, { stale: true });
    expect(screen.getByTestId('connection')).toHaveTextContent('lost');
    await advance(CONFIG_RETRY_MS - 1);
    expect(api.calls).toBe(0);
    await advance(1);
    expect(api.calls).toBe(1);
    expect(screen.getByTestId('connection')).toHaveTextContent('ok');
  });

  it('while the portal is offline, asks every MAINTENANCE_POLL_MS, so an open page returns within a minute', async () => {
    const offline = { ApplicationOfflineDate: new Date(Date.now() - 60_000).toISOString() };
    const { api } = setup({ expiresAt: Date.now() + 300_000, entries: offline });
    api.answer = answering('2.0.1', offline);
    await advance(MAINTENANCE_POLL_MS - 1);
    expect(api.calls).toBe(0);
    await advance(1);
    expect(api.calls).toBe(1);
    await advance(MAINTENANCE_POLL_MS);
    expect(api.calls).toBe(2);

    // Maintenance ends: the next poll brings the online config, then the expiry schedule is back.
    api.answer = answering('2.0.2', {});
    await advance(MAINTENANCE_POLL_MS);
    expect(api.calls).toBe(3);
    expect(screen.getByTestId('version')).toHaveTextContent('2.0.2');
    await advance(3 * MAINTENANCE_POLL_MS);
    expect(api.calls).toBe(3);
  });

  it('does not poll for an announced maintenance that has not started', async () => {
    const scheduled = { ApplicationOfflineDate: new Date(Date.now() + 3_600_000).toISOString() };
    const { api } = setup({ expiresAt: Date.now() + 300_000, entries: scheduled });
    await advance(299_000);
    expect(api.calls).toBe(0);
  });
});

describe('AppConfigProvider reload on a new build', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    window.sessionStorage.clear();
  });

  it('reloads 500 ms after a refresh brings a different ApplicationHash', async () => {
    const { api, reload } = setup(
      { expiresAt: Date.now() + 5_000, entries: { ApplicationHash: BUILT_IN_HASH } },
      { reloadOnNewBuild: true },
    );
    api.answer = answering('2.0.1', { ApplicationHash: 'next-build' });
    await advance(5_000);
    expect(api.calls).toBe(1);
    await advance(HASH_RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload while the served hash is the built-in one', async () => {
    const { api, reload } = setup(
      { expiresAt: Date.now() + 5_000, entries: { ApplicationHash: BUILT_IN_HASH } },
      { reloadOnNewBuild: true },
    );
    api.answer = answering('2.0.1', { ApplicationHash: BUILT_IN_HASH });
    await advance(5_000 + HASH_RELOAD_DELAY_MS);
    expect(api.calls).toBe(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads only once per remote hash, so a stale cache cannot cause a reload loop', async () => {
    const first = setup(
      { expiresAt: Date.now() + 300_000, entries: { ApplicationHash: 'next-build' } },
      { reloadOnNewBuild: true },
    );
    await advance(HASH_RELOAD_DELAY_MS);
    expect(first.reload).toHaveBeenCalledTimes(1);
    first.unmount();

    // The page came back still running the old bundle: the same remote hash must not reload again.
    const second = setup(
      { expiresAt: Date.now() + 300_000, entries: { ApplicationHash: 'next-build' } },
      { reloadOnNewBuild: true },
    );
    await advance(HASH_RELOAD_DELAY_MS * 4);
    expect(second.reload).not.toHaveBeenCalled();

    // A later build is a new hash and reloads again.
    second.unmount();
    const third = setup(
      { expiresAt: Date.now() + 300_000, entries: { ApplicationHash: 'build-after-next' } },
      { reloadOnNewBuild: true },
    );
    await advance(HASH_RELOAD_DELAY_MS);
    expect(third.reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads outside production bundles (the default in tests and dev)', async () => {
    const { reload } = setup({ expiresAt: Date.now() + 300_000, entries: { ApplicationHash: 'next-build' } });
    await advance(HASH_RELOAD_DELAY_MS * 4);
    expect(reload).not.toHaveBeenCalled();
  });
});
