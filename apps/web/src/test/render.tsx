import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { theme } from '../app/theme';
import { i18n } from '../i18n';
import { type ApiClient, createApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-context';
import { RuntimeConfigProvider } from '../lib/runtime-config';

const testTheme = mergeThemeOverrides(theme, { respectReducedMotion: true });

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** An API client over a fetch-shaped function; no delays between retries. */
export function testApiClient(fetch: typeof globalThis.fetch, extra: { getAccessToken?: () => string } = {}) {
  return createApiClient({ baseUrl: 'http://api.test', fetch, delay: async () => {}, ...extra });
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

/** No single sign-on provider unless a test wraps its own RuntimeConfigProvider. */
const testRuntimeConfig = { apiBaseUrl: 'http://api.test', applicationHash: 'test', oidc: null };

export function TestProviders(props: { children: ReactNode; api?: ApiClient; queryClient?: QueryClient }) {
  const api =
    props.api ?? testApiClient(async () => jsonResponse({ title: 'Not stubbed', status: 404 }, 404));
  return (
    <I18nextProvider i18n={i18n}>
      {/* env="test" turns off transitions and portals so assertions need not wait for animations. */}
      <MantineProvider theme={testTheme} env="test">
        <QueryClientProvider client={props.queryClient ?? testQueryClient()}>
          <RuntimeConfigProvider value={testRuntimeConfig}>
            <ApiClientProvider client={api}>{props.children}</ApiClientProvider>
          </RuntimeConfigProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  options: { api?: ApiClient; queryClient?: QueryClient } = {},
) {
  const user = userEvent.setup();
  const result = render(ui, {
    wrapper: ({ children }) => (
      <TestProviders api={options.api} queryClient={options.queryClient}>
        {children}
      </TestProviders>
    ),
  });
  return { user, ...result };
}
