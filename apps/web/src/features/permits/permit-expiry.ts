import type { Permit } from '@client-portal/contract';

/** Only a permit that has started and not yet ended can be expired (the server answers 409 otherwise). */
export function canExpire(permit: Pick<Permit, 'started' | 'ended'>, now: number = Date.now()): boolean {
  return Date.parse(permit.started) <= now && now < Date.parse(permit.ended);
}
