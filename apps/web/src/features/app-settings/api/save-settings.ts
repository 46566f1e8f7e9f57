import type { WritableConfigKey } from '@client-portal/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { appConfigResponseSchema, storeAppConfig } from '../../../lib/app-config';
import { useAppConfig } from '../../../lib/app-config-context';

type SettingChanges = Partial<Record<WritableConfigKey, string | null>>;

/** POST /application/config: changes the given entries (null unsets one); answers the whole new config. */
function saveSettings(api: ApiClient, entries: SettingChanges) {
  // Setting the same entries again leaves the same config: safe to try again after a lost answer.
  return api.post(
    '/application/config',
    { config: entries },
    { schema: appConfigResponseSchema, idempotent: true },
  );
}

/** The answer is the new config: stored and in force in this tab at once, without waiting for a refresh. */
export function useSaveSettings() {
  const { replace } = useAppConfig();
  return useApiMutation(saveSettings, (_queryClient, result) => {
    if (result.ok) replace(storeAppConfig(result.data));
    return undefined;
  });
}
