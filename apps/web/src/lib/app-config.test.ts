import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, testApiClient } from '../test/render';
import { AppConfigUnavailableError, loadAppConfig, readStoredAppConfig, storeAppConfig } from './app-config';

const answer = (entries: Record<string, string>) => ({ config: entries, expiresIn: 300, version: '2.2.0' });

describe('loading the application config at start', () => {
  afterEach(() => window.localStorage.clear());

  it('asks the API even when the stored copy has not expired, so ending maintenance shows on the next load', async () => {
    storeAppConfig(answer({ ApplicationOfflineDate: '2026-01-01T00:00:00Z' }));
    const api = testApiClient(async () => jsonResponse(answer({})));
    const { config, stale } = await loadAppConfig(api);
    expect(stale).toBe(false);
    expect(config.entries).toEqual({});
    expect(readStoredAppConfig()?.entries).toEqual({});
  });

  it('starts from the stored copy when the API does not answer, and fails without one', async () => {
    const down = testApiClient(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadAppConfig(down)).rejects.toBeInstanceOf(AppConfigUnavailableError);
    storeAppConfig(answer({ WelcomeMessage: 'Hello' }));
    const { config, stale } = await loadAppConfig(down);
    expect(stale).toBe(true);
    expect(config.entries).toEqual({ WelcomeMessage: 'Hello' });
  });
});
