import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from './settings.js';

describe('parseSettings', () => {
  it('gives working defaults with no settings at all', () => {
    const s = parseSettings({});
    expect(s.PORT).toBe(3000);
    expect(s.PUBLIC_URL).toBe('http://localhost:3000');
    expect(s.STAFF_EMAIL_DOMAIN).toBe('operator.example');
    expect(s.DATA_DIR.endsWith('data')).toBe(true);
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.SEED_DEMO).toBe(true);
  });

  it('reads each setting and ignores empty values', () => {
    const s = parseSettings({
      PORT: '8080',
      PUBLIC_URL: 'https://portal.example/',
      DATABASE_URL: '',
      SEED_DEMO: 'no',
    });
    expect(s.PORT).toBe(8080);
    expect(s.PUBLIC_URL).toBe('https://portal.example');
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.SEED_DEMO).toBe(false);
  });

  it('lists every bad setting at once', () => {
    try {
      parseSettings({ PORT: 'eighty', DATABASE_URL: 'not a url', OIDC_ISSUER: 'https://id.example' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SettingsError);
      const problems = (error as SettingsError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('OIDC_CLIENT_ID');
    }
  });

  it('reads a read replica only beside a primary (decision 41)', () => {
    const s = parseSettings({
      DATABASE_URL: 'postgres://db.example/portal',
      DATABASE_REPLICA_URL: 'postgres://replica.example/portal',
    });
    expect(s).toMatchObject({
      DATABASE_REPLICA_URL: 'postgres://replica.example/portal',
      DATABASE_REPLICA_POOL_SIZE: 5,
      REPLICA_MAX_LAG_SECONDS: 30,
    });
    expect(() => parseSettings({ DATABASE_REPLICA_URL: 'postgres://replica.example/portal' })).toThrow(
      /DATABASE_REPLICA_URL: a replica needs DATABASE_URL/,
    );
    expect(() =>
      parseSettings({ DATABASE_URL: 'postgres://db.example/portal', REPLICA_MAX_LAG_SECONDS: '0' }),
    ).toThrow(/REPLICA_MAX_LAG_SECONDS/);
  });

  it('reads the metrics and log settings, refusing a short metrics token', () => {
    const s = parseSettings({ METRICS_TOKEN: 'sixteen-chars-ok', METRICS_PORT: '9464', LOG_FORMAT: 'json' });
    expect(s).toMatchObject({
      METRICS_TOKEN: 'sixteen-chars-ok',
      METRICS_PORT: 9464,
      METRICS_HOST: '127.0.0.1',
    });
    expect(s.LOG_FORMAT).toBe('json');
    expect(parseSettings({}).LOG_FORMAT).toBe('auto');
    expect(() => parseSettings({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
