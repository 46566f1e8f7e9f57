import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { lastingText } from './lasting-text';

describe('how long a visitor permit lasts, in the page’s language', () => {
  it('in Welsh, with the Welsh plural forms', () => {
    const t = i18n.getFixedT('cy');
    expect(lastingText(t, 'endOfDay', null)).toBe('tan ddiwedd y dydd');
    expect(lastingText(t, 'hours', 1)).toBe('am 1 awr');
    expect(lastingText(t, 'hours', 4)).toBe('am 4 awr');
    expect(lastingText(t, 'days', 1)).toBe('tan ddiwedd y dydd');
    expect(lastingText(t, 'days', 2)).toBe('am 2 ddiwrnod (tan ddiwedd y diwrnod olaf)');
    expect(lastingText(t, 'days', 3)).toBe('am 3 diwrnod (tan ddiwedd y diwrnod olaf)');
  });

  it('in English', () => {
    const t = i18n.getFixedT('en');
    expect(lastingText(t, 'endOfDay', null)).toBe('until the end of the day');
    expect(lastingText(t, 'hours', 1)).toBe('for 1 hour');
    expect(lastingText(t, 'hours', 4)).toBe('for 4 hours');
    expect(lastingText(t, 'days', 1)).toBe('until the end of the day');
    expect(lastingText(t, 'days', 3)).toBe('for 3 days (until the end of the last day)');
  });
});
