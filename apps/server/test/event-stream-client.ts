import { vi } from 'vitest';

export interface StreamMessage {
  id?: string;
  event: string;
  data: unknown;
}

/**
 * Holds GET /api/notifications/stream on a listening server, as a browser does (fetch with the bearer
 * header), and collects its messages.
 */
export async function openEventStream(
  baseUrl: string,
  headers: { authorization: string },
  lastEventId?: string,
) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/notifications/stream`, {
    headers: {
      authorization: headers.authorization,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const messages: StreamMessage[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const data = field('data');
          if (data !== undefined)
            messages.push({ id: field('id'), event: field('event') ?? 'message', data: JSON.parse(data) });
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  return {
    response,
    messages,
    get ended() {
      return ended;
    },
    /** Waits for the first message matching `test`, at most `timeoutMs`. */
    next: (test: (m: StreamMessage) => boolean, timeoutMs = 2_000) =>
      vi.waitFor(
        () => {
          const found = messages.find(test);
          if (!found) throw new Error('not yet');
          return found;
        },
        { timeout: timeoutMs, interval: 20 },
      ),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** A notification event whose notification has this title. */
export const titled =
  (title: string, type = 'published') =>
  (m: StreamMessage) =>
    m.event === 'notification' &&
    (m.data as { type: string; notification: { title: string } }).type === type &&
    (m.data as { notification: { title: string } }).notification.title === title;
