import { ukLongDateTime } from '@client-portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { useAppConfig } from '../../lib/app-config-context';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { ClosableBanner } from './closable-banner';
import { useOfflineStatus } from './use-offline-status';

const MAX_TIMER_MS = 2_147_483_647;

/** At the announced offline time the page reloads, so the maintenance screen takes over everywhere. */
function useReloadAt(at: number | undefined, reload: () => void) {
  useEffect(() => {
    if (at === undefined) return;
    const due = at - Date.now();
    // Beyond a timer's range (about 24 days) the config refresh will bring it back into range first.
    if (due > MAX_TIMER_MS) return;
    const timer = setTimeout(reload, Math.max(due, 0));
    return () => clearTimeout(timer);
  }, [at, reload]);
}

const reloadPage = () => window.location.reload();

/** The live banners above every page: announced maintenance, maintenance in progress, lost connection. */
export function ChromeBanners({ reload = reloadPage }: { reload?: () => void }) {
  const { t } = useTranslation();
  const { config, connectionLost } = useAppConfig();
  const status = useOfflineStatus(config.entries);
  const isSysAdmin = hasAnyFeature(useUserInfo().data, 'Application.SysAdmin');
  useReloadAt(status.kind === 'scheduled' ? status.at : undefined, reload);

  const format = (time: number) => ukLongDateTime(new Date(time), currentLanguage());

  return (
    <>
      {connectionLost && (
        <ClosableBanner color="red" testId="connection-lost-banner">
          {t('chrome.banner.connectionLost')}
        </ClosableBanner>
      )}
      {status.kind === 'scheduled' && (
        <ClosableBanner key={status.at} color="yellow" testId="offline-banner">
          {t('chrome.banner.offlineScheduled', { time: format(status.at) })}
        </ClosableBanner>
      )}
      {status.kind === 'offline' && isSysAdmin && (
        // Only administrators get past the maintenance screen; remind them the portal is closed to others.
        <ClosableBanner key={status.since} color="orange" testId="offline-now-banner">
          {t('chrome.banner.offlineNow', { time: format(status.since) })}
        </ClosableBanner>
      )}
    </>
  );
}
