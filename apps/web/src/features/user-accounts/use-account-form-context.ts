import { useMemo } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { useUserInfo } from '../../lib/user-info';
import type { AccountFormContext } from './account-form-model';

/** What decides whether global access may be offered: the viewer's reach and the staff domain. */
export function useAccountFormContext(): AccountFormContext {
  const viewerAccessAllSites = useUserInfo().data?.accessAllSites ?? false;
  const { staffEmailDomain } = useRuntimeConfig();
  return useMemo(
    () => ({ viewerAccessAllSites, staffEmailDomain }),
    [viewerAccessAllSites, staffEmailDomain],
  );
}
