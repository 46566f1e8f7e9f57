import { describe, expect, it } from 'vitest';
import { offlineStatus, winterDecorationOn } from '../../lib/offline-schedule';
import { colorModeFor } from './color-mode';

const now = Date.parse('2025-01-15T12:00:00Z');

describe('offline schedule', () => {
  it('is online without a (readable) offline date', () => {
    expect(offlineStatus({}, now)).toEqual({ kind: 'online' });
    expect(offlineStatus({ ApplicationOfflineDate: ' ' }, now)).toEqual({ kind: 'online' });
    expect(offlineStatus({ ApplicationOfflineDate: 'soon' }, now)).toEqual({ kind: 'online' });
  });

  it('announces a future date and is offline from the date on', () => {
    expect(offlineStatus({ ApplicationOfflineDate: '2025-01-15T13:00:00Z' }, now)).toEqual({
      kind: 'scheduled',
      at: now + 3_600_000,
    });
    expect(offlineStatus({ ApplicationOfflineDate: '2025-01-15T12:00:00Z' }, now).kind).toBe('offline');
    expect(offlineStatus({ ApplicationOfflineDate: '2025-01-01T00:00:00Z' }, now).kind).toBe('offline');
  });

  it('decorates for winter only once the date is set and reached', () => {
    expect(winterDecorationOn({}, now)).toBe(false);
    expect(winterDecorationOn({ WinterDecorationDate: '2025-12-01' }, now)).toBe(false);
    expect(winterDecorationOn({ WinterDecorationDate: '2024-12-01' }, now)).toBe(true);
  });
});

describe('colour mode', () => {
  const admin = { featureNames: ['Application.SysAdmin'], colourMode: null };
  const clerk = { featureNames: ['Permits.View'], colourMode: null };

  it('until the user picks one, is dark only for SysAdmin users whose system prefers dark', () => {
    expect(colorModeFor(admin, true)).toBe('dark');
    expect(colorModeFor(admin, false)).toBe('light');
    expect(colorModeFor(clerk, true)).toBe('light');
    expect(colorModeFor(undefined, true)).toBe('light');
  });

  it("follows the user's own pick, whatever their features (decision 38)", () => {
    for (const prefersDark of [true, false]) {
      expect(colorModeFor({ ...clerk, colourMode: 'dark' }, prefersDark)).toBe('dark');
      expect(colorModeFor({ ...admin, colourMode: 'light' }, prefersDark)).toBe('light');
    }
    expect(colorModeFor({ ...clerk, colourMode: 'system' }, true)).toBe('dark');
    expect(colorModeFor({ ...clerk, colourMode: 'system' }, false)).toBe('light');
  });
});
