/** One message of a text/event-stream (the fields the portal's stream uses). */
interface EventStreamMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into messages as chunks arrive (the HTML standard's parsing rules:
 * lines end in CRLF, LF or CR; comment lines start with a colon; a blank line ends a message).
 */
export class EventStreamParser {
  private buffer = '';
  private id: string | undefined;
  private event = '';
  private data: string[] = [];

  push(chunk: string): EventStreamMessage[] {
    let text = this.buffer + chunk;
    // A CR at the very end may be the first half of a CRLF: kept until the next chunk.
    const heldCr = text.endsWith('\r');
    if (heldCr) text = text.slice(0, -1);
    const messages: EventStreamMessage[] = [];
    const lines = text.split(/\r\n|\r|\n/);
    // The last piece has no line end yet.
    this.buffer = (lines.pop() ?? '') + (heldCr ? '\r' : '');
    for (const line of lines) {
      if (line === '') {
        if (this.data.length > 0) {
          messages.push({ id: this.id, event: this.event || 'message', data: this.data.join('\n') });
        }
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') this.data.push(value);
      else if (field === 'event') this.event = value;
      else if (field === 'id' && !value.includes('\0')) this.id = value;
    }
    return messages;
  }

  /** The id of the last message seen: what Last-Event-ID sends on reconnecting. */
  get lastEventId(): string | undefined {
    return this.id;
  }
}
