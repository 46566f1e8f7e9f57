import { type Permit, permitStateOf } from '@client-portal/contract';

type Dated = Pick<Permit, 'started' | 'ended' | 'cancelledAt'>;

/** Only a permit that has started and not yet ended can be expired (the server answers 409 otherwise). */
export function canExpire(permit: Dated, now: number = Date.now()): boolean {
  const state = permitStateOf(permit, now);
  return state === 'current' || state === 'expiringSoon';
}

/** Only a permit that has not started (and was not cancelled) can be cancelled: taken back. */
export function canCancel(permit: Dated, now: number = Date.now()): boolean {
  return permitStateOf(permit, now) === 'upcoming';
}
