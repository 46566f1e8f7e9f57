import { describe, expect, it } from 'vitest';
import type { SettingField } from './setting-field';
import { toEntryValue, toLocalInput } from './settings-form-model';

const offlineDate = { key: 'ApplicationOfflineDate', kind: 'datetime' } as SettingField;

describe('the settings form reads and writes times in UK time, whatever the browser zone', () => {
  it('shows a stored instant as the UK wall clock', () => {
    expect(toLocalInput('2026-07-15T17:53:00.000Z')).toBe('2026-07-15T18:53');
    expect(toLocalInput('2026-11-22T17:53:00.000Z')).toBe('2026-11-22T17:53');
    expect(toLocalInput(undefined)).toBe('');
  });

  it('stores the UK wall clock typed as the instant it names', () => {
    expect(toEntryValue(offlineDate, '2026-07-15T18:53')).toBe('2026-07-15T17:53:00.000Z');
    expect(toEntryValue(offlineDate, ' 2026-11-22T17:53 ')).toBe('2026-11-22T17:53:00.000Z');
    expect(toEntryValue(offlineDate, '')).toBeNull();
    // Not a time: kept as typed, for the form's rules to refuse.
    expect(toEntryValue(offlineDate, 'soon')).toBe('soon');
  });
});
