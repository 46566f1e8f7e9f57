import type { Language } from '@client-portal/contract';
import i18next, { type TFunction } from 'i18next';
import { cy } from './cy/index.js';
import { en } from './en/index.js';

/**
 * The server's words in English and Welsh (issue 29, decision 49): e-mails, download headers and the
 * problem messages a screen shows, from i18next tables in src/i18n/{en,cy} (the web app's are its
 * own, in apps/web/src/i18n). One instance, initialised synchronously at import.
 */
const instance = i18next.createInstance();
void instance.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'cy'],
  resources: { en: { translation: en }, cy: { translation: cy } },
  initAsync: false,
  returnObjects: false,
  // Mails escape what goes into their HTML themselves; CSV cells and problem messages are not HTML.
  interpolation: { escapeValue: false },
});

export type Translate = TFunction;

/** The words of one language: `t('mail.visitors.code.subject', { code })`. */
export function translatorFor(language: Language): TFunction {
  return instance.getFixedT(language);
}

export { cy, en };

/**
 * The language a request asks for (decision 53): the first of `cy` and `en` in its Accept-Language,
 * by preference (`q`), English when it names neither. The web app sends the language it is drawn in.
 */
export function languageOfRequest(request: { headers: { 'accept-language'?: string | string[] } }): Language {
  const header = request.headers['accept-language'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { language: Language; q: number } | undefined;
  for (const part of value.split(',')) {
    const [tag = '', ...parameters] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'cy' && primary !== 'en') continue;
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? 'en';
}

/**
 * A word whose key is built at run time from a definition (a report's or an invoice's column id, a
 * stored column's name), which the typed keys cannot check: `hasWord` lets a test check each one.
 */
export function wordAt(t: TFunction, key: string, fallback?: string): string {
  return String(t(key as never, fallback === undefined ? {} : { defaultValue: fallback }));
}

/** Whether a language's table holds the key (see `wordAt`). */
export function hasWord(language: Language, key: string): boolean {
  return instance.exists(key, { lng: language, fallbackLng: false });
}
