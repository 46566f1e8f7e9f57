import { describe, expect, it } from 'vitest';
import { EventStreamParser } from './event-stream-parser';

describe('EventStreamParser', () => {
  it('reads messages with id, event and data, skipping comments', () => {
    const parser = new EventStreamParser();
    const messages = parser.push(
      'retry: 2000\n\n: keep-alive\n\nid: 7\nevent: notification\ndata: {"a":1}\n\n',
    );
    expect(messages).toEqual([{ id: '7', event: 'notification', data: '{"a":1}' }]);
    expect(parser.lastEventId).toBe('7');
  });

  it('joins messages split across chunks anywhere, including inside a CRLF', () => {
    const parser = new EventStreamParser();
    const text =
      'id: 1\r\nevent: end\r\ndata: {"reason":"session-ended"}\r\n\r\nid: 2\r\ndata: x\r\ndata: y\r\n\r\n';
    const seen = [];
    for (const ch of text) seen.push(...parser.push(ch));
    expect(seen).toEqual([
      { id: '1', event: 'end', data: '{"reason":"session-ended"}' },
      { id: '2', event: 'message', data: 'x\ny' },
    ]);
  });

  it('keeps the last id for messages without one and ignores a message without data', () => {
    const parser = new EventStreamParser();
    expect(parser.push('id: 3\nevent: nothing\n\nevent: resync\ndata: {}\n\n')).toEqual([
      { id: '3', event: 'resync', data: '{}' },
    ]);
  });
});
