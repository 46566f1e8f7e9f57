import type { Language } from '@client-portal/contract';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SignInPage } from '../../features/identity/sign-in/sign-in-page';
import { currentLanguage, i18n } from '../../i18n';
import { createApiClient } from '../../lib/api-client';
import { ApiClientProvider } from '../../lib/api-context';
import { AppConfigProvider } from '../../lib/app-config-context';
import { PrerenderProvider } from '../../lib/prerender';
import { RuntimeConfigProvider } from '../../lib/runtime-config';
import { AppLayout } from '../layouts/app-layout';
import { PublicLayout } from '../layouts/public-layout';
import { AppProviders } from '../providers';
import { createQueryClient } from '../query-client';

interface PrerenderedPage {
  title: string;
  html: string;
}

/**
 * /signin as the app draws it for a signed-out visitor with no sign-in banner and no single sign-on
 * provider (both come from the server at run time and appear when the app takes over), the same
 * components in the same layout. Run by the web build (build/prerender-plugin.ts) in Node.
 */
export function renderSignInShell(language: Language = 'en'): PrerenderedPage {
  const before = currentLanguage();
  // Drawn once per language (decision 53): i18n initialises synchronously, so the switch is immediate.
  void i18n.changeLanguage(language);
  try {
    return drawSignIn();
  } finally {
    void i18n.changeLanguage(before);
  }
}

function drawSignIn(): PrerenderedPage {
  const api = createApiClient({ baseUrl: '/api' });
  const html = renderToString(
    <PrerenderProvider value>
      <AppProviders queryClient={createQueryClient()}>
        <RuntimeConfigProvider value={{ apiBaseUrl: '/api', applicationHash: 'prerendered', oidc: null }}>
          <ApiClientProvider client={api}>
            <AppConfigProvider
              initial={{ entries: {}, expiresAt: 0, expiresIn: 0, version: 'prerendered' }}
              reloadOnNewBuild={false}
            >
              <MemoryRouter initialEntries={['/signin']}>
                <Routes>
                  <Route element={<AppLayout />}>
                    <Route element={<PublicLayout />}>
                      <Route path="signin" element={<SignInPage />} />
                    </Route>
                  </Route>
                </Routes>
              </MemoryRouter>
            </AppConfigProvider>
          </ApiClientProvider>
        </RuntimeConfigProvider>
      </AppProviders>
    </PrerenderProvider>,
  );
  return { title: i18n.t('common.pageTitle', { title: i18n.t('signin.title') }), html };
}
