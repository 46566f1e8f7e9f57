import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, i18n } from '../i18n';
import { applyStoredLanguage } from './language';

const cookieOf = () => /(?:^|;\s*)client-portal-language=(\w+)/.exec(document.cookie)?.[1];

describe('the browser’s language before sign-in (decision 53)', () => {
  afterEach(async () => {
    window.localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the app sets it the same way (lib/language.ts).
    document.cookie = 'client-portal-language=; Path=/; Max-Age=0';
    await i18n.changeLanguage('en');
  });

  it('is kept in a cookie too, so the server sends the Welsh sign-in page to a Welsh reader', () => {
    window.localStorage.setItem('client-portal-language', 'cy');
    expect(cookieOf()).toBeUndefined();
    applyStoredLanguage();
    expect(cookieOf()).toBe('cy');
    expect(currentLanguage()).toBe('cy');
    expect(document.documentElement.lang).toBe('cy');
  });

  it('sets no cookie for a browser that never chose', () => {
    applyStoredLanguage();
    expect(cookieOf()).toBeUndefined();
    expect(currentLanguage()).toBe('en');
  });
});
