import type { Page, SentNotification } from '@client-portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from '../../../lib/query-keys';
import { applySentReadCount } from './sent-notifications';

const sent = (id: string, read: number): SentNotification => ({
  id,
  title: `N${id}`,
  body: 'b',
  html: '<p>b</p>',
  severity: 'urgent',
  audience: { kind: 'everyone' },
  email: false,
  startsAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  withdrawnAt: null,
  senderEmail: 'admin@operator.example',
  state: 'live',
  recipients: 5,
  read,
});
const page = (rows: SentNotification[]): Page<SentNotification> =>
  ({ rows, total: rows.length }) as unknown as Page<SentNotification>;

describe('applySentReadCount (a sent-read event of the stream)', () => {
  it('puts the new counts into every sent page holding that notification, and only there', () => {
    const client = new QueryClient();
    const email = 'admin@operator.example';
    client.setQueryData(notificationKeys.sentPage(email, { skip: 0 }), page([sent('7', 0), sent('8', 2)]));
    client.setQueryData(notificationKeys.sentPage(email, { skip: 10 }), page([sent('3', 1)]));
    client.setQueryData(notificationKeys.sentPage('other@x.example', { skip: 0 }), page([sent('7', 0)]));

    applySentReadCount(client, email, { id: '7', recipients: 6, read: 1 });

    const first = client.getQueryData<Page<SentNotification>>(notificationKeys.sentPage(email, { skip: 0 }));
    expect(first?.rows.map((r) => [r.id, r.recipients, r.read])).toEqual([
      ['7', 6, 1],
      ['8', 5, 2],
    ]);
    const second = client.getQueryData<Page<SentNotification>>(
      notificationKeys.sentPage(email, { skip: 10 }),
    );
    expect(second?.rows[0]?.read).toBe(1);
    const other = client.getQueryData<Page<SentNotification>>(
      notificationKeys.sentPage('other@x.example', { skip: 0 }),
    );
    expect(other?.rows[0]?.read).toBe(0);
  });
});
