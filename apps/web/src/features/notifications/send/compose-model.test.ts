import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { composeErrors, emptyCompose, toNotificationInput } from './compose-model';

const t = i18n.t.bind(i18n);

describe('the send form against the contract', () => {
  it('turns the values into the API input, UK wall-clock times into instants', () => {
    const values = {
      ...emptyCompose('sites'),
      title: 'Lift out of order',
      body: 'Use the **stairs**',
      severity: 'urgent' as const,
      sites: [{ siteNumber: 'SG01', name: 'Acme group' }],
      schedule: 'later' as const,
      startsAt: '2026-07-01T09:30',
      expiresAt: '2026-07-02T09:30',
      email: true,
    };
    expect(toNotificationInput(values)).toEqual({
      title: 'Lift out of order',
      body: 'Use the **stairs**',
      severity: 'urgent',
      audience: { kind: 'sites', numbers: ['SG01'] },
      email: true,
      startsAt: '2026-07-01T08:30:00.000Z',
      expiresAt: '2026-07-02T08:30:00.000Z',
    });
    expect(composeErrors(values, t)).toEqual({});
  });

  it('says what is wrong per field, in the contract’s words', () => {
    const errors = composeErrors(
      {
        ...emptyCompose('companies'),
        title: ' ',
        body: 'x'.repeat(4_001),
        schedule: 'later',
        startsAt: '',
        expiresAt: '2020-01-01T10:00',
      },
      t,
    );
    expect(errors).toEqual({
      title: 'Title is required.',
      body: 'Message must be at most 4000 characters.',
      companies: 'Choose at least one client company.',
      expiresAt: 'Expiry must be after the start.',
      startsAt: 'Enter the start date and time.',
    });
  });

  it('refuses a time that is not one', () => {
    expect(
      composeErrors({ ...emptyCompose('everyone'), title: 'a', body: 'b', expiresAt: '2026-02-30T10:00' }, t),
    ).toEqual({
      expiresAt: 'Enter a valid date and time.',
    });
  });
});
