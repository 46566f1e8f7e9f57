import { type Language, languageSchema, userPreferencesSchema } from '@client-portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../i18n';
import { useApiMutation } from './api-mutation';
import { userKeys } from './query-keys';
import { useSession } from './session';
import { type UserInfo, useUserInfo } from './user-info';

/**
 * The browser's language before sign-in (decision 49), in local storage under a key of its own: not
 * under the app's prefix, so that sign-out and "clear cache" (which empty the app's keys) leave it,
 * and a public page opened later is in it too.
 */
const STORAGE_KEY = 'client-portal-language';

/** The language this browser last used; undefined when it never picked one. */
export function storedLanguage(): Language | undefined {
  try {
    const parsed = languageSchema.safeParse(window.localStorage.getItem(STORAGE_KEY));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The same in a cookie of the same name (decision 53), which the server reads to send the sign-in
 * page prerendered in that language: a Welsh reader never sees the English copy paint first. It
 * remembers an interface choice only (first-party, a year, sent to this site alone).
 */
function setLanguageCookie(language: Language): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: set before the first draw, synchronously; the Cookie Store API is asynchronous and not in every supported browser.
  document.cookie = `${STORAGE_KEY}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

function storeLanguage(language: Language): void {
  setLanguageCookie(language);
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing or a full quota: the page is still in the language; a reload forgets it.
  }
}

/** Draws the portal in a language: the texts, and `<html lang>` for screen readers and spelling. */
export function applyLanguage(language: Language): void {
  if (currentLanguage() !== language) void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** At start (before the first draw): the language this browser last used, English otherwise. */
export function applyStoredLanguage(): void {
  const stored = storedLanguage();
  // A browser that chose before the cookie existed gets it now, for its next sign-in page.
  if (stored) setLanguageCookie(stored);
  applyLanguage(stored ?? 'en');
}

/**
 * The language in use and a way to change it: the page follows at once, the browser remembers it,
 * and for a signed-in user the server too (their other devices and their e-mails follow).
 */
export function useLanguageChoice() {
  const { i18n: instance } = useTranslation();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  const queryClient = useQueryClient();
  const save = useApiMutation(
    (api, language: Language) =>
      api.put('/user/preferences', { language }, { schema: userPreferencesSchema }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: userKeys.info(email) }),
  );
  return {
    current: (instance.resolvedLanguage === 'cy' ? 'cy' : 'en') as Language,
    choose: (language: Language) => {
      applyLanguage(language);
      storeLanguage(language);
      if (!session.isAuthenticated) return;
      void queryClient.cancelQueries({ queryKey: userKeys.info(email) });
      queryClient.setQueryData(userKeys.info(email), (info: UserInfo | undefined) =>
        info ? { ...info, language } : info,
      );
      save.mutate(language);
    },
  };
}

/** Keeps the portal in the signed-in user's language, as the server remembers it for them. */
export function LanguageSync() {
  const language = useUserInfo().data?.language;
  useEffect(() => {
    if (!language) return;
    applyLanguage(language);
    storeLanguage(language);
  }, [language]);
  return null;
}
