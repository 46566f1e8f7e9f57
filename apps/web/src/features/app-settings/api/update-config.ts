import type { WritableConfigKey } from '@client-portal/contract';
import type { ApiClient } from '../../../lib/api-client';
import { appConfigResponseSchema } from '../../../lib/app-config';

/** POST /application/config: changes the given entries (null unsets one); answers the whole new config. */
export function updateConfig(api: ApiClient, entries: Partial<Record<WritableConfigKey, string | null>>) {
  return api.post('/application/config', { config: entries }, { schema: appConfigResponseSchema });
}
