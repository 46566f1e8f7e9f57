import { type RuntimeConfig, runtimeConfigSchema } from '@client-portal/contract';
import { createContext, type ReactNode, useContext } from 'react';

const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/** Same-origin file written at deploy time, so one build can point at any API. */
export async function fetchRuntimeConfig(
  fetchFn: typeof fetch = (input, init) => globalThis.fetch(input, init),
  signal?: AbortSignal,
): Promise<RuntimeConfig> {
  const response = await fetchFn(RUNTIME_CONFIG_PATH, { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`Runtime config: ${response.status} ${response.statusText}`);
  return runtimeConfigSchema.parse(await response.json());
}

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ value, children }: { value: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext value={value}>{children}</RuntimeConfigContext>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const value = useContext(RuntimeConfigContext);
  if (!value) throw new Error('useRuntimeConfig needs a RuntimeConfigProvider');
  return value;
}
