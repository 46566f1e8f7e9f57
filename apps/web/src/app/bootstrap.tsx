import { CONFIG_RETRY_MS, type RuntimeConfig } from '@client-portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { type ApiClient, createApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-context';
import { type AppConfig, AppConfigUnavailableError, loadAppConfig } from '../lib/app-config';
import { AppConfigProvider } from '../lib/app-config-context';
import { userKeys } from '../lib/query-keys';
import { fetchRuntimeConfig, RuntimeConfigProvider } from '../lib/runtime-config';
import { sessionStore } from '../lib/session';
import { restoreSession, startSessionRefresh } from '../lib/session-refresh';
import { AppLoaderScreen } from './loader/app-loader-screen';

export interface StartupData {
  runtimeConfig: RuntimeConfig;
  api: ApiClient;
  appConfig: AppConfig;
  stale: boolean;
}

/** Runtime config first (it names the API), then the application config from that API. */
async function loadStartupData(signal?: AbortSignal): Promise<StartupData> {
  const runtimeConfig = await fetchRuntimeConfig(undefined, signal);
  const api = createApiClient({
    baseUrl: runtimeConfig.apiBaseUrl,
    getAccessToken: () => {
      const session = sessionStore.get();
      return session.isAuthenticated ? session.accessToken : undefined;
    },
    onUnauthorized: () => sessionStore.clear(),
  });
  const { config, stale } = await loadAppConfig(api, Date.now(), signal);
  await restoreSession(api, sessionStore);
  return { runtimeConfig, api, appConfig: config, stale };
}

/** Keeps the token fresh and drops cached server data when the user signs out (or is signed out). */
function SessionKeeper({ api }: { api: ApiClient }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopRefresh = startSessionRefresh(api, sessionStore, () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.infos });
    });
    const unsubscribe = sessionStore.subscribe(() => {
      if (!sessionStore.get().isAuthenticated) queryClient.clear();
    });
    return () => {
      stopRefresh();
      unsubscribe();
    };
  }, [api, queryClient]);
  return null;
}

type BootState =
  | { status: 'loading' }
  | { status: 'failed'; configUnavailable: boolean }
  | { status: 'ready'; data: StartupData };

export function AppBootstrap(props: {
  children: ReactNode;
  load?: (signal: AbortSignal) => Promise<StartupData>;
}) {
  const load = props.load ?? loadStartupData;
  const [state, setState] = useState<BootState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // A failed start is tried again every 30 s (the config retry of platform spec section 4).
  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    load(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', configUnavailable: error instanceof AppConfigUnavailableError });
        retry = setTimeout(() => setAttempt((n) => n + 1), CONFIG_RETRY_MS);
      },
    );
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [load, attempt]);

  if (state.status === 'loading') return <AppLoaderScreen />;
  if (state.status === 'failed') {
    return <AppLoaderScreen failed configUnavailable={state.configUnavailable} />;
  }
  const { data } = state;
  return (
    <RuntimeConfigProvider value={data.runtimeConfig}>
      <ApiClientProvider client={data.api}>
        <AppConfigProvider initial={data.appConfig} stale={data.stale}>
          <SessionKeeper api={data.api} />
          {props.children}
        </AppConfigProvider>
      </ApiClientProvider>
    </RuntimeConfigProvider>
  );
}
