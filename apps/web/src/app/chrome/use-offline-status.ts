import { useEffect, useState } from 'react';
import { type OfflineStatus, offlineStatus } from '../../lib/offline-schedule';

const MAX_TIMER_MS = 2_147_483_647;

/**
 * The offline status now, kept true as time passes: at the announced time (and whenever the tab comes
 * back to the foreground, where timers may have been held back) it is worked out again, so nothing
 * ever says the portal "will go offline" at a time already past.
 */
export function useOfflineStatus(entries: Record<string, string>): OfflineStatus {
  const [now, setNow] = useState(() => Date.now());
  const status = offlineStatus(entries, Date.now());
  const at = status.kind === 'scheduled' ? status.at : undefined;

  useEffect(() => {
    const tick = () => setNow(Date.now());
    document.addEventListener('visibilitychange', tick);
    window.addEventListener('focus', tick);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (at !== undefined && at - Date.now() <= MAX_TIMER_MS) {
      timer = setTimeout(tick, Math.max(at - Date.now(), 0) + 1);
    }
    return () => {
      document.removeEventListener('visibilitychange', tick);
      window.removeEventListener('focus', tick);
      clearTimeout(timer);
    };
  }, [at]);

  return offlineStatus(entries, Math.max(now, Date.now()));
}
