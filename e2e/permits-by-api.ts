import { addIsoDays, ukToday } from '@client-portal/contract';
import type { apiCaller } from './sign-in.js';

/** Today in the UK as yyyy-mm-dd, moved by whole days (the browser runs in Europe/London too). */
export const ukDay = (offsetDays = 0): string => addIsoDays(ukToday(), offsetDays);

/** A temporary permit from today for five days at a site or group, added through the API; its id. */
export async function addFiveDayPermit(
  call: ReturnType<typeof apiCaller>,
  target: string,
  registration: string,
  driverName: string,
): Promise<{ permitId: number }> {
  const { permits } = (await call('POST', '/permits?mode=single', [
    {
      id: 0,
      site_SiteGroupNumber: target,
      vehicleRegistration: registration,
      driverName,
      duration: 'Temporary',
      started: ukDay(),
      ended: ukDay(5),
      reason: 4,
      authorisedBy: 'A. Manager',
    },
  ])) as { permits: { permitId: number }[] };
  return permits[0]!;
}
