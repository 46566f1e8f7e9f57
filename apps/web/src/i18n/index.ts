import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

const defaultNamespace = 'translation';
const resources = { en: { [defaultNamespace]: en } } as const;

/** One instance for the app and tests; resources are bundled so initialisation is synchronous. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: defaultNamespace,
  resources,
  initAsync: false,
  returnObjects: false,
  // React escapes output already.
  interpolation: { escapeValue: false },
});
