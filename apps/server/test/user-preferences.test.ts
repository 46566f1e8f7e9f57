import { userInfoSchema, userPreferencesSchema } from '@client-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor } from './api-client.js';
import { accountWith, type TestAccount } from './factories.js';
import { problemOf } from './permit-fixture.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** Decision 38: each user's colour mode is remembered on the server, so every device they use agrees. */
describe('PUT /api/user/preferences: the colour mode, per user', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  let clerk: TestAccount;
  let other: TestAccount;

  const colourModeOf = async (caller: TestAccount) => {
    const res = await api.as(caller).get('/api/user/info');
    expect(res.statusCode, res.body).toBe(200);
    return res.json(userInfoSchema).colourMode;
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { PERMIT_DIGEST_ENABLED: 'false' } });
    clerk = await accountWith(t, { features: ['Permits.View'], access: [] });
    other = await accountWith(t, { features: ['Permits.View'], access: [], language: null });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is null until the user picks one, so the spec rule decides', async () => {
    expect(await colourModeOf(clerk)).toBeNull();
  });

  it('remembers each pick for this user only', async () => {
    for (const colourMode of ['dark', 'system', 'light', 'dark'] as const) {
      const res = await api.as(clerk).put('/api/user/preferences', { colourMode });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(userPreferencesSchema)).toEqual({ colourMode });
      expect(await colourModeOf(clerk)).toBe(colourMode);
    }
    expect(await colourModeOf(other)).toBeNull();
  });

  it('refuses an unknown mode or an extra field with field messages, changing nothing', async () => {
    for (const body of [{ colourMode: 'purple' }, {}, { colourMode: 'light', userId: other.userId }]) {
      const res = await api.as(other).put('/api/user/preferences', body);
      expect(problemOf(res, 400).errors).toBeDefined();
    }
    expect(await colourModeOf(other)).toBeNull();
  });

  it('remembers the language (decision 49) beside the colour mode, each without changing the other', async () => {
    const languageOf = async (caller: TestAccount) => {
      const res = await api.as(caller).get('/api/user/info');
      return res.json(userInfoSchema);
    };
    const fresh = await accountWith(t, { features: ['Permits.View'], access: [], language: null });
    expect((await languageOf(fresh)).language).toBeNull();
    await api.as(fresh).put('/api/user/preferences', { colourMode: 'dark' });
    for (const language of ['cy', 'en', 'cy'] as const) {
      const res = await api.as(fresh).put('/api/user/preferences', { language });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(userPreferencesSchema)).toEqual({ language });
      expect(await languageOf(fresh)).toMatchObject({ language, colourMode: 'dark' });
    }
    const both = await api.as(fresh).put('/api/user/preferences', { colourMode: 'light', language: 'en' });
    expect(both.statusCode, both.body).toBe(200);
    expect(await languageOf(fresh)).toMatchObject({ language: 'en', colourMode: 'light' });
    expect((await languageOf(other)).language).toBeNull();
    for (const body of [
      { language: 'fr' },
      { language: 'CY' },
      { language: null },
      { language: 'cy', x: 1 },
    ]) {
      const res = await api.as(fresh).put('/api/user/preferences', body);
      expect(problemOf(res, 400).errors, JSON.stringify(body)).toBeDefined();
    }
    expect((await languageOf(fresh)).language).toBe('en');
  });

  it('answers 401 without a session', async () => {
    const res = await api.put('/api/user/preferences', { colourMode: 'dark' });
    expect(res.statusCode).toBe(401);
  });
});
