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
