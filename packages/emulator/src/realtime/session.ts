// One socket of the stream: login, subscriptions and their events, answers to its frames.
import { randomUUID } from 'node:crypto';
import { JSON_RPC_ERRORS } from '@castkit/sdk/2.x';
import type { RawData, WebSocket } from 'ws';
import {
  type CompiledFilter,
  compileFilters,
  EVENT_TYPES,
  type EventType,
  isEventType,
  validateFilters,
} from '../events/index.js';
import { EmulatorError } from '../ground/errors.js';
import { isRecord } from '../ground/is-record.js';
import type { EventFeed, Outlet, Subscription as SubscriptionType } from './feed.js';
import { Subscription } from './feed.js';
import { answerFrame, invalidParams, type Method, REALTIME_ERRORS, RpcFailure } from './rpc.js';

export interface SessionLimits {
  /** Unsent bytes a socket may hold before its subscriptions stop sending and wait for it. */
  sendBufferBytes: number;
  /** How long a socket may stay over that cap before it is closed as a slow consumer. */
  stallMs: number;
  maxBatch: number;
  maxSubscriptions: number;
  /**
   * Largest frame read before a successful login, in bytes: a login is a few dozen, so a peer
   * without a key cannot make the emulator hold (and echo back) large frames.
   */
  maxFrameBytesBeforeLogin: number;
}

/** Close code and reason for a consumer that stopped reading (1008: policy violation). */
export const SLOW_CONSUMER_CODE = 1008;
/** Close code for a frame over the limit (1009: message too big). */
export const TOO_BIG_CODE = 1009;

/** A frame's bytes: ws hands over one Buffer (its default binaryType), fragments or an ArrayBuffer. */
const bytesOf = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

export class Session implements Outlet {
  private authenticated = false;
  private readonly subscriptions = new Map<string, SubscriptionType>();
  /** Subscriptions created by the frame being answered: they start once the answer is sent. */
  private pending: SubscriptionType[] = [];
  private readonly methods: Record<string, Method>;
  private stall: Promise<void> | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly feed: () => EventFeed,
    private readonly apiKeys: ReadonlySet<string>,
    private readonly limits: SessionLimits,
    private readonly logBug: (error: unknown) => void,
  ) {
    this.methods = {
      login: (params) => this.login(params),
      ping: () => 'pong',
      subscribe: (params) => this.subscribe(params),
      unsubscribe: (params) => this.unsubscribe(params),
    };
    socket.on('message', (data, isBinary) => this.receive(bytesOf(data), isBinary));
    socket.on('close', () => this.end());
    socket.on('error', () => this.end());
  }

  get closed(): boolean {
    return this.socket.readyState !== this.socket.OPEN;
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    if (!this.authenticated && data.length > this.limits.maxFrameBytesBeforeLogin) {
      this.socket.close(
        TOO_BIG_CODE,
        `frame of ${data.length} bytes before login (at most ${this.limits.maxFrameBytesBeforeLogin})`,
      );
      return;
    }
    if (isBinary) {
      const error = {
        code: JSON_RPC_ERRORS.parseError,
        message: 'binary frames are not read here: send JSON as text',
      };
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id: null, error }));
      return;
    }
    const answer = answerFrame(
      data.toString('utf8'),
      (method, params) => {
        const run = Object.hasOwn(this.methods, method) ? this.methods[method] : undefined;
        if (!run) return undefined;
        if (method !== 'login' && !this.authenticated) {
          throw new RpcFailure(
            REALTIME_ERRORS.loginRequired,
            `log in first: call login { api_key } before ${method}`,
          );
        }
        return { result: run(params) };
      },
      this.limits.maxBatch,
      this.logBug,
    );
    if (answer !== undefined && !this.closed) this.socket.send(answer);
    this.holdIfUnread();
    const started = this.pending;
    this.pending = [];
    for (const subscription of started) if (this.subscriptions.has(subscription.id)) subscription.start();
  }

  private login(params: unknown): { ok: true } {
    const key = isRecord(params) ? params.api_key : undefined;
    if (typeof key !== 'string') throw invalidParams('login takes { api_key: string }', 'api_key');
    if (!this.apiKeys.has(key)) {
      throw new RpcFailure(REALTIME_ERRORS.authenticationFailed, 'authentication failed: unknown api_key');
    }
    this.authenticated = true;
    return { ok: true };
  }

  private subscribe(params: unknown): { subscription: string; from_event_id: number } {
    const p = params ?? {};
    if (!isRecord(p)) {
      throw invalidParams('subscribe takes { events, filters?, from_event_id? }');
    }
    for (const key of Object.keys(p)) {
      if (!['events', 'filters', 'from_event_id'].includes(key))
        throw invalidParams(`unknown parameter ${key}`, key);
    }
    const events = p.events;
    if (!Array.isArray(events) || events.length === 0) {
      throw invalidParams(`events must be a non-empty array of ${EVENT_TYPES.join(', ')}`, 'events');
    }
    for (const [i, type] of events.entries()) {
      if (!isEventType(type))
        throw invalidParams(`events[${i}]: ${JSON.stringify(type)} is not an event type`, `events[${i}]`);
    }
    const from = p.from_event_id;
    if (from !== undefined && !(typeof from === 'number' && Number.isSafeInteger(from) && from >= 0)) {
      throw invalidParams(
        'from_event_id must be a non-negative integer (an event_id seen before)',
        'from_event_id',
      );
    }
    const given = p.filters ?? {};
    if (!isRecord(given)) {
      throw invalidParams('filters must be an object keyed by event type', 'filters');
    }
    for (const type of Object.keys(given)) {
      if (!events.includes(type)) {
        throw invalidParams(`filters.${type} names an event type that is not in events`, `filters.${type}`);
      }
    }
    if (this.subscriptions.size >= this.limits.maxSubscriptions) {
      throw invalidParams(`at most ${this.limits.maxSubscriptions} subscriptions per connection`, 'events');
    }
    // Every subscribed type gets a filter: the one given, or {} (every event of that type).
    const filters = Object.fromEntries(events.map((type: EventType) => [type, given[type] ?? {}]));
    let compiled: Partial<Record<EventType, CompiledFilter>>;
    try {
      compiled = compileFilters(validateFilters(filters, 'filters'));
    } catch (e) {
      if (e instanceof EmulatorError) throw invalidParams(e.message, e.property);
      throw e;
    }
    const feed = this.feed();
    const newest = feed.newest();
    // An id the log has not reached was never seen by this client: resuming from it would skip
    // every event up to it, silently.
    if (typeof from === 'number' && from > newest) {
      throw invalidParams(
        `from_event_id ${from} is beyond the newest event (${newest}): pass an event_id seen before, or omit it`,
        'from_event_id',
      );
    }
    const id = randomUUID();
    const start = typeof from === 'number' ? from : newest;
    const subscription = new Subscription(id, feed, this, compiled, start);
    this.subscriptions.set(id, subscription);
    this.pending.push(subscription);
    // Where it starts: a client that sees no event before a drop still knows where to resume.
    return { subscription: id, from_event_id: start };
  }

  private unsubscribe(params: unknown): { ok: true } {
    const id = isRecord(params) ? params.subscription : undefined;
    if (typeof id !== 'string')
      throw invalidParams('unsubscribe takes { subscription: string }', 'subscription');
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw invalidParams(`no subscription ${id} on this connection`, 'subscription');
    subscription.stop();
    this.subscriptions.delete(id);
    return { ok: true };
  }

  send(subscription: SubscriptionType, event: { event_id: number }, json: string): void {
    if (this.closed) return;
    this.socket.send(
      `{"jsonrpc":"2.0","method":"event","params":{"subscription":"${subscription.id}","event_id":${event.event_id},"event":${json}}}`,
    );
  }

  /**
   * A peer that sends requests and does not read the answers would have them queue here without
   * bound: past the send cap, stop reading its frames until it drains, and close it as a slow
   * consumer if it does not within stallMs (drained() does). Before login there is no grace.
   */
  private holdIfUnread(): void {
    if (this.closed || !this.backedUp()) return;
    if (!this.authenticated) {
      this.socket.close(SLOW_CONSUMER_CODE, 'slow consumer: answers unread before login');
      return;
    }
    if (this.socket.isPaused) return;
    this.socket.pause();
    // Closed or drained, read again: a closed session drops what it reads, and only by reading does
    // it see the peer's answer to its close frame.
    this.drained()
      .catch(() => {})
      .finally(() => this.socket.resume());
  }

  backedUp(): boolean {
    return this.socket.bufferedAmount > this.limits.sendBufferBytes;
  }

  drained(): Promise<void> {
    // One wait per socket, whichever subscriptions are waiting.
    this.stall ??= new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (this.closed) return reject(new Error('closed'));
        if (!this.backedUp()) return resolve();
        // Wall time on purpose: how long a peer has not been reading, whatever the emulator clock says.
        if (Date.now() - started >= this.limits.stallMs) {
          this.socket.close(
            SLOW_CONSUMER_CODE,
            `slow consumer: over ${this.limits.sendBufferBytes} bytes unsent for ${this.limits.stallMs} ms; resume with from_event_id`,
          );
          return reject(new Error('slow consumer'));
        }
        setTimeout(check, 20);
      };
      check();
    }).finally(() => {
      this.stall = undefined;
    });
    return this.stall;
  }

  private end(): void {
    for (const subscription of this.subscriptions.values()) subscription.stop();
    this.subscriptions.clear();
  }
}
