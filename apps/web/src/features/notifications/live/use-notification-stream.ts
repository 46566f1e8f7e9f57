import { notificationEventSchema, sentReadCountSchema } from '@client-portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { notificationKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { applySentReadCount } from '../api/sent-notifications';
import { EventStreamParser } from './event-stream-parser';

/** Waits before reconnecting: the server's `retry`, doubled after each failure up to the most. */
const RECONNECT_MS = 2_000;
const RECONNECT_MAX_MS = 60_000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Holds the signed-in user's notification stream (GET /notifications/stream, Server-Sent Events read
 * with fetch so that the token goes in the Authorization header, decision 16) and refreshes the bell,
 * banner and centre on every event; a sender's send page takes the read counts it is told (`sent-read`). Reconnects with Last-Event-ID, so what was sent meanwhile comes
 * first; a stream the server ends (session over, token expired, restart) is reopened, and a session
 * that has ended answers 401, which signs the tab out. The 60 s poll stays as a fallback.
 */
function useNotificationStream(): void {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';

  useEffect(() => {
    if (!email || typeof TextDecoderStream === 'undefined') return;
    const controller = new AbortController();
    const { signal } = controller;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all(email) });
    let lastEventId: string | undefined;
    let connectedBefore = false;

    const readOnce = async (): Promise<'ended' | 'failed' | 'stop'> => {
      const response = await api.openStream('/notifications/stream', {
        headers: lastEventId ? { 'Last-Event-ID': lastEventId } : {},
        signal,
      });
      if (response.status === 401) return 'stop';
      if (!response.ok || !response.body) return 'failed';
      // Reopened: anything that changed while away without an event of its own (expiry, reads elsewhere).
      if (connectedBefore) refresh();
      connectedBefore = true;
      const parser = new EventStreamParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        for (const message of parser.push(value)) {
          if (message.event === 'resync') refresh();
          if (
            message.event === 'notification' &&
            notificationEventSchema.safeParse(JSON.parse(message.data)).success
          )
            refresh();
          if (message.event === 'sent-read') {
            const count = sentReadCountSchema.safeParse(JSON.parse(message.data));
            if (count.success) applySentReadCount(queryClient, email, count.data);
          }
        }
        lastEventId = parser.lastEventId ?? lastEventId;
      }
    };

    void (async () => {
      let failures = 0;
      while (!signal.aborted) {
        const outcome = await readOnce().catch(() => 'failed' as const);
        if (outcome === 'stop' || signal.aborted) return;
        failures = outcome === 'failed' ? failures + 1 : 0;
        await wait(Math.min(RECONNECT_MS * 2 ** failures, RECONNECT_MAX_MS), signal);
      }
    })();
    return () => controller.abort();
  }, [api, queryClient, email]);
}

/** Mounted once in the signed-in layout: the live updates of the bell, banner and centre. */
export function NotificationLiveUpdates() {
  useNotificationStream();
  return null;
}
