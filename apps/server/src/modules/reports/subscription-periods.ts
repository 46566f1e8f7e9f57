import { addIsoDays, type SubscriptionFrequency, ukInstant } from '@client-portal/contract';

/** Subscription mails go out at this UK hour on the day after their period ends. */
const SUBSCRIPTION_SEND_HOUR = 6;

export interface SubscriptionPeriod {
  /** Inclusive UK days. */
  from: string;
  to: string;
  /** The UK day the mail is sent, and the instant it is due. */
  sendDay: string;
  dueAt: Date;
}

/** The period holding `day`: its Monday to Sunday (weekly) or its calendar month (monthly). */
export function subscriptionPeriod(frequency: SubscriptionFrequency, day: string): SubscriptionPeriod {
  let from: string;
  let to: string;
  if (frequency === 'weekly') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    from = addIsoDays(day, -weekday);
    to = addIsoDays(from, 6);
  } else {
    from = `${day.slice(0, 8)}01`;
    const [y, m] = day.split('-').map(Number) as [number, number];
    to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  }
  const sendDay = addIsoDays(to, 1);
  const hour = String(SUBSCRIPTION_SEND_HOUR).padStart(2, '0');
  return { from, to, sendDay, dueAt: ukInstant(`${sendDay}T${hour}:00`)! };
}

/** The period after the one that ended on `to`. */
export function nextSubscriptionPeriod(frequency: SubscriptionFrequency, to: string): SubscriptionPeriod {
  return subscriptionPeriod(frequency, addIsoDays(to, 1));
}
