import { CONFIG_RETRY_MS, MAINTENANCE_POLL_MS } from '@client-portal/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useApiClient } from './api-context';
import { type AppConfig, fetchAppConfig } from './app-config';
import { isUpdateAvailable, reloadForNewBuild } from './build-hash';
import { offlineStatus } from './offline-schedule';

interface AppConfigState {
  config: AppConfig;
  /** The last refresh failed; the chrome shows the connection-lost banner. */
  connectionLost: boolean;
  refresh(): Promise<void>;
  /** Takes a config the caller already holds (the answer of a settings change) as the current one. */
  replace(config: AppConfig): void;
}

const AppConfigContext = createContext<AppConfigState | null>(null);
const MIN_REFRESH_MS = 1_000;
const MAX_TIMER_MS = 2_147_483_647;

interface AppConfigProviderProps {
  initial: AppConfig;
  /** The initial config is a stored one the API could not confirm: start as connection-lost. */
  stale?: boolean;
  /**
   * Reload the page when the served ApplicationHash differs from this bundle's (once per hash, see
   * build-hash.ts and docs/decisions/0005). Production bundles only by default: dev servers rebuild
   * constantly and their hash never matches.
   */
  reloadOnNewBuild?: boolean;
  /** How to reload; tests pass a spy. */
  reload?: () => void;
  children: ReactNode;
}

const reloadPage = () => window.location.reload();

export function AppConfigProvider(props: AppConfigProviderProps) {
  const { reloadOnNewBuild = import.meta.env.PROD, reload = reloadPage } = props;
  const api = useApiClient();
  const [config, setConfig] = useState(props.initial);
  const [connectionLost, setConnectionLost] = useState(props.stale ?? false);
  const [failures, setFailures] = useState(props.stale ? 1 : 0);

  const refresh = useCallback(async () => {
    try {
      setConfig(await fetchAppConfig(api));
      setConnectionLost(false);
      setFailures(0);
    } catch {
      setConnectionLost(true);
      setFailures((n) => n + 1);
    }
  }, [api]);

  // A call that met maintenance: fetch the config now, whose offline date switches to the maintenance screen.
  useEffect(() => {
    api.setOnOffline(() => void refresh());
    return () => api.setOnOffline(undefined);
  }, [api, refresh]);

  // Refresh when the config expires; after a failure retry every 30 s until it works; while the portal
  // is offline, ask every MAINTENANCE_POLL_MS so that open pages come back soon after it ends.
  useEffect(() => {
    // Each failure (or answer) re-arms this timer for the next attempt.
    const offline = offlineStatus(config.entries, Date.now()).kind === 'offline';
    const due =
      failures > 0
        ? CONFIG_RETRY_MS
        : Math.min(config.expiresAt - Date.now(), offline ? MAINTENANCE_POLL_MS : MAX_TIMER_MS);
    const timer = setTimeout(() => void refresh(), Math.min(Math.max(due, MIN_REFRESH_MS), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [config, failures, refresh]);

  useEffect(() => {
    const remoteHash = config.entries.ApplicationHash;
    if (reloadOnNewBuild && remoteHash && isUpdateAvailable(remoteHash))
      reloadForNewBuild(remoteHash, reload);
  }, [config, reloadOnNewBuild, reload]);

  const replace = useCallback((next: AppConfig) => {
    setConfig(next);
    setConnectionLost(false);
    setFailures(0);
  }, []);

  const value = useMemo(
    () => ({ config, connectionLost, refresh, replace }),
    [config, connectionLost, refresh, replace],
  );
  return <AppConfigContext value={value}>{props.children}</AppConfigContext>;
}

export function useAppConfig(): AppConfigState {
  const value = useContext(AppConfigContext);
  if (!value) throw new Error('useAppConfig needs an AppConfigProvider');
  return value;
}
