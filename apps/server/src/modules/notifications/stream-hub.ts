import type { NotificationEvent } from '@client-portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Listening } from '../../db/client.js';
import { NOTIFICATIONS_CHANNEL, toReceived } from './notifications-repository.js';
import { NOTIFICATION_READS_CHANNEL, readIdsOf, sentReadCounts } from './read-counts.js';
import { latestEventSeq, type StreamEventRow, sessionStates, streamEvents } from './stream-repository.js';

/** Why a stream ended, as its last event tells the browser (`end`). */
type StreamEndReason = 'session-ended' | 'token-expired' | 'server-closing';

/** One open stream: a browser tab of one signed-in session. */
export interface StreamClient {
  userId: string;
  sessionId: string;
  securityStamp: number;
  /**
   * Whose sent notifications' read counts it is told of (`sent-read` events): every announcement for
   * an all-sites sender, the user's own for another sender, none for a user who cannot send.
   */
  sent?: 'all' | 'own';
  /** When the access token it was opened with expires (ms): the stream ends then, the browser reopens it. */
  expiresAt: number;
  /** Writes one Server-Sent Events message or comment; false when the client has gone. */
  write(text: string): boolean;
  /** Closes the response (after the `end` event). */
  close(): void;
}

interface Held {
  client: StreamClient;
  /** Every event up to this number was looked at for this stream (delivered when it was the user's). */
  checked: number;
  /** The event numbers delivered within the look-back window, so that none is sent twice. */
  delivered: Set<number>;
  expiry: NodeJS.Timeout;
}

/** Event numbers are taken before commit: one may become visible after a later one, within this many. */
const LOOK_BACK_EVENTS = 200;
/** The most events replayed to a reconnecting browser; beyond that it is told to reload its lists. */
const REPLAY_MAX = 100;
/** Comment lines keep proxies and browsers from timing out an idle stream. */
const HEARTBEAT_MS = 15_000;
/** Sessions are re-checked this often even without a NOTIFY (the LISTEN connection may have been down). */
const SESSION_CHECK_MS = 30_000;
/** The browser waits this long before reconnecting after the stream drops. */
const RETRY_MS = 2_000;

const EVENTS_PER_PUMP = 1_000;

function sseMessage(id: number | undefined, event: string, data: unknown): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const toEvent = (row: StreamEventRow): NotificationEvent => ({
  type: row.withdrawn ? 'withdrawn' : 'published',
  notification: toReceived(row),
});

/**
 * The notification streams this process holds. One LISTEN connection per channel per process, not one
 * per browser: a NOTIFY on `notifications` (any process published or withdrew) makes the hub read the
 * new events once for every user it holds a stream for and hand each stream its own; a NOTIFY on
 * `sessions` (sign-out, revocation, removal, password change) re-checks every stream's session.
 */
export class StreamHub {
  private readonly held = new Set<Held>();
  private readonly listenings: Listening[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private checking: Promise<void> | undefined;
  private checkAgain = false;
  private relaying: Promise<void> | undefined;
  private readonly readsPending = new Set<string>();
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log?: FastifyBaseLogger,
  ) {}

  get size(): number {
    return this.held.size;
  }

  async start(): Promise<void> {
    const resume = () => {
      // What happened while not listening is unknown: look again.
      this.pump();
      this.checkSessions();
    };
    this.listenings.push(
      await this.database.listen(NOTIFICATIONS_CHANNEL, {
        onNotify: () => this.pump(),
        onListening: resume,
        onLost: () => undefined,
      }),
      await this.database.listen('sessions', {
        onNotify: () => this.checkSessions(),
        onListening: resume,
        onLost: () => undefined,
      }),
      await this.database.listen(NOTIFICATION_READS_CHANNEL, {
        onNotify: (payload) => this.relayReads(readIdsOf(payload)),
        // Counts changed while not listening reach the send page when its stream reopens (it refetches).
        onListening: () => undefined,
        onLost: () => undefined,
      }),
    );
    this.timers.push(
      setInterval(() => this.heartbeat(), HEARTBEAT_MS).unref(),
      setInterval(() => this.checkSessions(), SESSION_CHECK_MS).unref(),
    );
  }

  /**
   * Takes a new stream. With `lastEventId` (a reconnecting browser) the events after it are sent
   * first, at most REPLAY_MAX; beyond that a `resync` event tells the browser to reload its lists.
   */
  async add(client: StreamClient, lastEventId: number | undefined): Promise<void> {
    const top = await latestEventSeq(this.database.kysely);
    const base = lastEventId === undefined ? top : Math.min(lastEventId, top);
    const held: Held = {
      client,
      checked: top,
      delivered: new Set(),
      expiry: setTimeout(() => this.end(held, 'token-expired'), Math.max(0, client.expiresAt - Date.now())),
    };
    held.expiry.unref();
    client.write(`retry: ${RETRY_MS}\n\n`);
    const from = Math.max(0, Math.min(base, top - LOOK_BACK_EVENTS));
    const rows = await streamEvents(this.database.kysely, {
      after: from,
      upTo: top,
      userIds: [client.userId],
      limit: REPLAY_MAX + LOOK_BACK_EVENTS + 1,
    });
    const missed = rows.filter((row) => Number(row.event_seq) > base);
    for (const row of rows) held.delivered.add(Number(row.event_seq));
    if (missed.length > REPLAY_MAX) client.write(sseMessage(top, 'resync', {}));
    else
      for (const row of missed) client.write(sseMessage(Number(row.event_seq), 'notification', toEvent(row)));
    // An id without data moves the browser's Last-Event-ID on to here without an event: a stream that
    // drops before anything arrives for this user still reconnects from where it was.
    client.write(`id: ${top}\n\n`);
    if (this.closed) return this.end(held, 'server-closing');
    this.held.add(held);
    // Anything committed between reading `top` and joining the hub is found by the next pump.
    this.pump();
  }

  /** The browser went away. */
  remove(client: StreamClient): void {
    for (const held of this.held) {
      if (held.client !== client) continue;
      clearTimeout(held.expiry);
      this.held.delete(held);
    }
  }

  /** Ends every stream (the server is closing) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    for (const held of [...this.held]) this.end(held, 'server-closing');
    await Promise.all(this.listenings.map((l) => l.stop()));
    await Promise.all([this.pumping, this.checking, this.relaying]);
  }

  /** Reads and hands out new events; one run at a time, another after it when asked meanwhile. */
  pump(): void {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pumpOnce()
      .catch((err: unknown) => this.log?.error({ err }, 'notification streams: reading events failed'))
      .finally(() => {
        this.pumping = undefined;
        if (this.pumpAgain && !this.closed) {
          this.pumpAgain = false;
          this.pump();
        }
      });
  }

  /** Resolves once the events committed before the call have been handed out (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pumping || this.checking || this.relaying)
      await Promise.all([this.pumping, this.checking, this.relaying]);
  }

  private async pumpOnce(): Promise<void> {
    if (this.held.size === 0) return;
    const streams = [...this.held];
    const top = await latestEventSeq(this.database.kysely);
    const floor = Math.max(0, Math.min(...streams.map((h) => h.checked)) - LOOK_BACK_EVENTS);
    const rows = await streamEvents(this.database.kysely, {
      after: floor,
      upTo: top,
      userIds: [...new Set(streams.map((h) => h.client.userId))],
      limit: EVENTS_PER_PUMP,
    });
    const reachedTop = rows.length < EVENTS_PER_PUMP;
    for (const held of streams) {
      if (!this.held.has(held)) continue;
      const windowStart = held.checked - LOOK_BACK_EVENTS;
      for (const row of rows) {
        const seq = Number(row.event_seq);
        if (row.user_id !== held.client.userId || seq <= windowStart || held.delivered.has(seq)) continue;
        held.delivered.add(seq);
        if (!held.client.write(sseMessage(seq, 'notification', toEvent(row)))) {
          this.remove(held.client);
          break;
        }
      }
      const last = rows.at(-1);
      held.checked = Math.max(held.checked, reachedTop ? top : Number(last?.event_seq ?? top));
      for (const seq of held.delivered)
        if (seq <= held.checked - LOOK_BACK_EVENTS) held.delivered.delete(seq);
    }
    if (!reachedTop) this.pumpAgain = true;
  }

  /**
   * Recipients read or unread these sent notifications: their new counts go to the streams of the
   * senders who see them on the send page. Ids arriving while a relay runs are read together after it.
   */
  relayReads(ids: readonly string[]): void {
    for (const id of ids) this.readsPending.add(id);
    if (this.relaying || this.readsPending.size === 0) return;
    const batch = [...this.readsPending];
    this.readsPending.clear();
    this.relaying = this.relayOnce(batch)
      .catch((err: unknown) => this.log?.error({ err }, 'notification streams: relaying read counts failed'))
      .finally(() => {
        this.relaying = undefined;
        if (!this.closed) this.relayReads([]);
      });
  }

  private async relayOnce(ids: string[]): Promise<void> {
    const senders = [...this.held].filter((h) => h.client.sent);
    if (senders.length === 0) return;
    const counts = await sentReadCounts(this.database.kysely, ids);
    for (const held of senders) {
      if (!this.held.has(held)) continue;
      const { sent, userId } = held.client;
      for (const { senderUserId, ...count } of counts) {
        if (sent === 'own' && senderUserId !== userId) continue;
        if (!held.client.write(sseMessage(undefined, 'sent-read', count))) {
          this.remove(held.client);
          break;
        }
      }
    }
  }

  private checkSessions(): void {
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    this.checking = this.checkOnce()
      .catch((err: unknown) => this.log?.error({ err }, 'notification streams: checking sessions failed'))
      .finally(() => {
        this.checking = undefined;
        if (this.checkAgain && !this.closed) {
          this.checkAgain = false;
          this.checkSessions();
        }
      });
  }

  private async checkOnce(): Promise<void> {
    if (this.held.size === 0) return;
    const streams = [...this.held];
    const states = await sessionStates(this.database.kysely, [
      ...new Set(streams.map((h) => h.client.sessionId)),
    ]);
    const byId = new Map(states.map((s) => [s.session_id, s]));
    for (const held of streams) {
      const state = byId.get(held.client.sessionId);
      if (!state?.live || state.security_stamp !== held.client.securityStamp) this.end(held, 'session-ended');
    }
  }

  private heartbeat(): void {
    for (const held of [...this.held]) if (!held.client.write(': keep-alive\n\n')) this.remove(held.client);
  }

  private end(held: Held, reason: StreamEndReason): void {
    clearTimeout(held.expiry);
    this.held.delete(held);
    held.client.write(sseMessage(undefined, 'end', { reason }));
    held.client.close();
  }
}
