import type { Language } from '@client-portal/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cy } from './cy';
import { en } from './en';
import type { WelshTable } from './welsh-table';

const defaultNamespace = 'translation';
/** Every area of the English table has its Welsh one, key for key (decision 49). */
const welsh: WelshTable<typeof en> = cy;
const resources = {
  en: { [defaultNamespace]: en },
  cy: { [defaultNamespace]: welsh },
} as const;

/** One instance for the app and tests; resources are bundled so initialisation is synchronous. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'cy'],
  defaultNS: defaultNamespace,
  resources,
  initAsync: false,
  returnObjects: false,
  // React escapes output already.
  interpolation: { escapeValue: false },
});

/** The language the portal is drawn in now. */
export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'cy' ? 'cy' : 'en';
}
