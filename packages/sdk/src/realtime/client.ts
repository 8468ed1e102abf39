// The realtime client: one WebSocket to the event stream (JSON-RPC 2.0), subscriptions as async
// iterators or handlers, and resumption after a drop: reconnect every `reconnectInterval` ms at most
// `reconnectAttempts` times, log in again and re-subscribe after the last event id seen, so a
// program sees every event once. Works with the global WebSocket (browsers, Node 22+) or `ws`.

import type { WebhookEvent } from '../2x/webhook-events.js';
import type { Logger } from '../core/logger.js';
import type { WebhookEventType } from '../webhooks/verify.js';
import {
  ConnectionClosedError,
  RealtimeAuthenticationError,
  ReplyTimeoutError,
  SocketNotReadyError,
} from './errors.js';
import { isJsonRpcResponse, JsonRpcError, type JsonRpcRequest, jsonRpcRequest } from './json-rpc.js';
import { openSocket, type SocketLike, type WebSocketConstructor } from './socket.js';

/** Every event type the stream carries: 2.44's and 3.x's (`trade.created`). */
export type RealtimeEventType = WebhookEventType;

/**
 * What a subscription delivers: 2.44's webhook events by default. A 3.x program names 3.x's
 * (`new RealtimeClient<WebhookEvent>(...)` with `WebhookEvent` from `@castkit/sdk`): the emulator's
 * events carry the fields of both generations, so either reading holds.
 */
export type AnyRealtimeEvent = { type: RealtimeEventType };

export interface SubscribeParams {
  events: RealtimeEventType[];
  /** Per event type, the same filter object a webhook's `subscription.filters` takes. */
  filters?: Partial<Record<RealtimeEventType, Record<string, unknown>>>;
  /** Replay every matching event after this id first (an `eventId` seen before), then live ones. */
  fromEventId?: number;
}

/** One event as it arrives: `eventId` increases strictly; pass the last one as `fromEventId` to resume. */
export interface RealtimeEvent<E extends AnyRealtimeEvent = WebhookEvent> {
  eventId: number;
  event: E;
}

export interface RealtimeClientOptions {
  /** `ws://127.0.0.1:3000/realtime`; an http(s) URL becomes ws(s), and a bare origin gets /realtime. */
  url: string;
  /** Logged in with on connect and after every reconnect. */
  apiKey?: string;
  /** Milliseconds to wait for each answer (default 10 000). */
  replyTimeout?: number;
  /** Milliseconds between reconnect attempts (default 1000). */
  reconnectInterval?: number;
  /** Attempts after a drop before giving up (default 5; 0 never reconnects). */
  reconnectAttempts?: number;
  /** A WebSocket class to use instead of the global one or `ws`. */
  WebSocket?: WebSocketConstructor;
  logger?: Pick<Logger, 'warn'>;
}

interface Pending {
  method: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
  onResult: ((result: unknown) => void) | undefined;
}

export class RealtimeClient<E extends AnyRealtimeEvent = WebhookEvent> {
  private socket: SocketLike | undefined;
  private readonly pending = new Map<string, Pending>();
  /** Subscriptions by the id the server gave them on this socket. */
  private readonly byServerId = new Map<string, Subscription<E>>();
  private readonly subscriptions = new Set<Subscription<E>>();
  private apiKey: string | undefined;
  private closedByUser = false;
  /** One reconnect loop at a time: sockets it opens may close again while it runs. */
  private reconnecting = false;
  private readonly url: string;
  private readonly replyTimeout: number;
  private readonly reconnectInterval: number;
  private readonly reconnectAttempts: number;

  constructor(private readonly options: RealtimeClientOptions) {
    this.url = realtimeUrl(options.url);
    this.apiKey = options.apiKey;
    this.replyTimeout = options.replyTimeout ?? 10_000;
    this.reconnectInterval = options.reconnectInterval ?? 1000;
    this.reconnectAttempts = options.reconnectAttempts ?? 5;
  }

  /** Opens the socket, and logs in when the client has an API key. */
  async connect(): Promise<void> {
    // Already open: one socket per client (a second would leave the first unowned).
    if (this.socket?.readyState === 1) return;
    this.closedByUser = false;
    await this.open();
    if (this.apiKey !== undefined) await this.login(this.apiKey);
  }

  /** Logs in; rejects with RealtimeAuthenticationError for a key the server refuses. */
  async login(apiKey: string | undefined = this.apiKey): Promise<void> {
    try {
      await this.request('login', { api_key: apiKey });
    } catch (e) {
      if (e instanceof JsonRpcError && e.code === -32001) {
        throw new RealtimeAuthenticationError('login', {
          code: e.code,
          message: 'authentication failed',
          data: e.data,
        });
      }
      throw e;
    }
    this.apiKey = apiKey;
  }

  /** Subscribes; iterate the result with `for await`, or pass a handler to `on`. */
  async subscribe(params: SubscribeParams): Promise<Subscription<E>> {
    const subscription = new Subscription<E>(this, params);
    await this.activate(subscription, params.fromEventId);
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Sends one request and resolves with its result (rejects with JsonRpcError, ReplyTimeoutError, ...). */
  request(method: string, params?: unknown): Promise<unknown> {
    return this.call(method, params);
  }

  /**
   * `onResult` runs as the answer is read, before any later frame: a subscription must be known by
   * its id before the replay that follows its answer on the wire (promise callbacks run too late).
   */
  private call(method: string, params: unknown, onResult?: (result: unknown) => void): Promise<unknown> {
    const socket = this.socket;
    if (socket?.readyState !== 1) return Promise.reject(new SocketNotReadyError(method));
    const request: JsonRpcRequest = jsonRpcRequest(method, params);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(request.id);
        reject(new ReplyTimeoutError(method, this.replyTimeout));
      }, this.replyTimeout);
      this.pending.set(request.id, { method, resolve, reject, timer, onResult });
      socket.send(JSON.stringify(request));
    });
  }

  /** Closes the socket for good: no reconnect; iterators end. */
  close(): void {
    this.closedByUser = true;
    this.socket?.close(1000, 'client closed');
    this.socket = undefined;
    this.failPending(new ConnectionClosedError('socket closed by the client'));
    for (const subscription of this.subscriptions) subscription.end();
    this.subscriptions.clear();
  }

  /** @internal */
  async unsubscribe(subscription: Subscription<E>): Promise<void> {
    this.subscriptions.delete(subscription);
    subscription.end();
    const id = subscription.serverId;
    if (id === undefined) return;
    this.byServerId.delete(id);
    if (this.socket?.readyState === 1) await this.request('unsubscribe', { subscription: id });
  }

  private async activate(subscription: Subscription<E>, fromEventId: number | undefined): Promise<void> {
    const params: Record<string, unknown> = { events: subscription.params.events };
    if (subscription.params.filters) params.filters = subscription.params.filters;
    if (fromEventId !== undefined) params.from_event_id = fromEventId;
    await this.call('subscribe', params, (answer) => {
      const result = answer as { subscription: string; from_event_id?: number };
      subscription.serverId = result.subscription;
      // Where the server started: the resume point even if no event arrives before a drop.
      if (subscription.lastEventId === undefined && typeof result.from_event_id === 'number') {
        subscription.lastEventId = result.from_event_id;
      }
      this.byServerId.set(result.subscription, subscription);
    });
  }

  private async open(): Promise<void> {
    const socket = await openSocket(this.url, this.options.WebSocket);
    this.socket = socket;
    socket.onmessage = (message) => this.receive(message.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.byServerId.clear();
      const why = event.reason ? `: ${event.reason}` : '';
      this.failPending(
        new ConnectionClosedError(`connection lost (${event.code}${why})`, event.code, event.reason),
      );
      if (!this.closedByUser && !this.reconnecting) {
        this.reconnecting = true;
        void this.reconnect(event.code, event.reason);
      }
    };
  }

  private async reconnect(code: number, reason: string): Promise<void> {
    for (let attempt = 1; attempt <= this.reconnectAttempts; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, this.reconnectInterval));
      if (this.closedByUser) break;
      try {
        await this.open();
        if (this.apiKey !== undefined) await this.login(this.apiKey);
        for (const subscription of this.subscriptions)
          await this.activate(subscription, subscription.lastEventId);
        this.reconnecting = false;
        return;
      } catch (e) {
        this.options.logger?.warn(`realtime: reconnect attempt ${attempt} failed: ${(e as Error).message}`);
        this.socket?.close();
        this.socket = undefined;
      }
    }
    this.reconnecting = false;
    if (this.closedByUser) return;
    const error = new ConnectionClosedError(
      `connection lost${reason ? ` (${code}: ${reason})` : ` (${code})`}; gave up after ${this.reconnectAttempts} reconnect attempts`,
      code,
      reason,
    );
    for (const subscription of this.subscriptions) subscription.end(error);
    this.subscriptions.clear();
  }

  private receive(data: unknown): void {
    let message: unknown;
    try {
      message = JSON.parse(String(data));
    } catch {
      this.options.logger?.warn(`realtime: ignored a frame that is not JSON: ${String(data).slice(0, 80)}`);
      return;
    }
    for (const item of Array.isArray(message) ? message : [message]) {
      if (isJsonRpcResponse(item)) {
        const pending = typeof item.id === 'string' ? this.pending.get(item.id) : undefined;
        if (!pending) continue;
        this.pending.delete(item.id as string);
        clearTimeout(pending.timer);
        if ('error' in item) pending.reject(new JsonRpcError(pending.method, item.error));
        else {
          pending.onResult?.(item.result);
          pending.resolve(item.result);
        }
        continue;
      }
      const note = item as {
        method?: unknown;
        params?: { subscription?: unknown; event_id?: unknown; event?: unknown };
      };
      const params = note?.params;
      if (
        note?.method === 'event' &&
        typeof params?.subscription === 'string' &&
        typeof params.event_id === 'number'
      ) {
        this.byServerId.get(params.subscription)?.push(params.event_id, params.event as E);
        continue;
      }
      this.options.logger?.warn(`realtime: ignored a message that is neither an answer nor an event`);
    }
  }

  private failPending(error: Error): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }
}

type Listener<E extends AnyRealtimeEvent> = (event: RealtimeEvent<E>) => void;

/** The events of one subscription: `for await (const { eventId, event } of subscription)` or `on`. */
export class Subscription<E extends AnyRealtimeEvent = WebhookEvent>
  implements AsyncIterable<RealtimeEvent<E>>
{
  /** @internal the id on the current socket */
  serverId: string | undefined;
  /** The id of the last event delivered: where a resume starts. */
  lastEventId: number | undefined;
  private readonly queue: RealtimeEvent<E>[] = [];
  private readonly waiting: { resolve(r: IteratorResult<RealtimeEvent<E>>): void; reject(e: Error): void }[] =
    [];
  private readonly listeners = new Set<Listener<E>>();
  private ended: { error?: Error } | undefined;
  private iterated: boolean;

  constructor(
    private readonly client: RealtimeClient<E>,
    readonly params: SubscribeParams,
  ) {
    this.lastEventId = params.fromEventId;
    this.iterated = false;
  }

  /** Calls `listener` for every event; returns the function that stops it. */
  on(listener: Listener<E>): () => void {
    this.listeners.add(listener);
    if (!this.iterated) for (const item of this.queue.splice(0)) listener(item);
    return () => this.listeners.delete(listener);
  }

  unsubscribe(): Promise<void> {
    return this.client.unsubscribe(this);
  }

  /** @internal */
  push(eventId: number, event: E): void {
    // After a resume the server starts after lastEventId; this guard keeps "once" even if it did not.
    if (this.ended || (this.lastEventId !== undefined && eventId <= this.lastEventId)) return;
    this.lastEventId = eventId;
    const item = { eventId, event };
    for (const listener of this.listeners) listener(item);
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve({ value: item, done: false });
    // Kept for an iterator, or until a first reader comes (events may arrive before `on` is called);
    // a subscription read only through `on` keeps nothing.
    else if (this.iterated || this.listeners.size === 0) this.queue.push(item);
  }

  /** @internal ends iterators: done, or rejected with `error` */
  end(error?: Error): void {
    if (this.ended) return;
    this.ended = { error };
    for (const waiter of this.waiting.splice(0)) {
      if (error) waiter.reject(error);
      else waiter.resolve({ value: undefined, done: true });
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<RealtimeEvent<E>> {
    this.iterated = true;
    return {
      next: () => {
        const item = this.queue.shift();
        if (item) return Promise.resolve({ value: item, done: false });
        if (this.ended) {
          return this.ended.error
            ? Promise.reject(this.ended.error)
            : Promise.resolve({ value: undefined, done: true });
        }
        return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
      },
      return: async () => {
        // Leaving a `for await` early ends the subscription on the server too.
        await this.unsubscribe().catch(() => {});
        return { value: undefined, done: true };
      },
    };
  }
}

/** ws(s)://host/realtime from what a user is likely to pass: the emulator's http URL or the socket URL. */
export function realtimeUrl(url: string): string {
  const u = new URL(url);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  if (u.protocol === 'https:') u.protocol = 'wss:';
  if (u.pathname === '/' || u.pathname === '') u.pathname = '/realtime';
  return u.toString();
}
