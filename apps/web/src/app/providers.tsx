import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { cssVariablesResolver, theme } from './theme';

// Keep Mantine's key under the app prefix so 'clear cache' and other apps on the origin agree.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'clientPortal.colorScheme' });

/** Providers that do not depend on start-up data; the bootstrap adds the API and config ones. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      {/* Light by default; chrome/color-mode.tsx switches to the user's pick, or the spec rule (decision 38). */}
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
      >
        <Notifications />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
