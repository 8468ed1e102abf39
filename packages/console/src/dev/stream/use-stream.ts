// The stream screen's connection: one SDK realtime client subscribed with the chosen filters, the
// events it delivers (held back while paused, shown on resume: none is lost), and the raw frames.
import type { WebhookSubscriptionFilters } from '@castkit/sdk/2.x';
import { RealtimeClient, type RealtimeEvent, type RealtimeEventType } from '@castkit/sdk/realtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type FrameDirection, tappedWebSocket } from './tapped-socket';

/** What the page keeps: the newest first, at most this many of each. */
const KEEP_EVENTS = 500;
export const KEEP_FRAMES = 200;

export interface Frame {
  seq: number;
  direction: FrameDirection;
  text: string;
}

export type StreamStatus =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'live'; fromEventId: number | undefined }
  | { state: 'closed'; error?: string };

export function useStream(origin: string, apiKey: string) {
  const [status, setStatus] = useState<StreamStatus>({ state: 'idle' });
  const [events, setEvents] = useState<RealtimeEvent[]>([]);
  const heldRef = useRef<RealtimeEvent[]>([]);
  const [held, setHeld] = useState(0);
  const [frames, setFrames] = useState<Frame[]>([]);
  const [paused, setPausedState] = useState(false);
  const pausedRef = useRef(false);
  const clientRef = useRef<RealtimeClient | undefined>(undefined);
  const seq = useRef(0);

  const stop = useCallback(() => {
    clientRef.current?.close();
    clientRef.current = undefined;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (events: RealtimeEventType[], filters: WebhookSubscriptionFilters) => {
      stop();
      setStatus({ state: 'connecting' });
      const WebSocket = tappedWebSocket((direction, text) => {
        const frame = { seq: ++seq.current, direction, text };
        setFrames((f) => [frame, ...f].slice(0, KEEP_FRAMES));
      });
      const client = new RealtimeClient({ url: origin, apiKey, WebSocket, reconnectAttempts: 3 });
      clientRef.current = client;
      try {
        await client.connect();
        const subscription = await client.subscribe({
          events,
          filters: filters as Partial<Record<RealtimeEventType, Record<string, unknown>>>,
        });
        if (clientRef.current !== client) return;
        subscription.on((item) => {
          if (pausedRef.current) {
            heldRef.current.push(item);
            setHeld(heldRef.current.length);
          } else setEvents((e) => [item, ...e].slice(0, KEEP_EVENTS));
        });
        setStatus({ state: 'live', fromEventId: subscription.lastEventId });
        // The iterator ends when the client closes or gives up reconnecting; that is the end of live.
        void (async () => {
          try {
            for await (const _ of subscription) {
              // events are taken by `on`; iterating only watches for the end
            }
            if (clientRef.current === client) setStatus({ state: 'closed' });
          } catch (e) {
            if (clientRef.current === client) setStatus({ state: 'closed', error: (e as Error).message });
          }
        })();
      } catch (e) {
        client.close();
        if (clientRef.current === client) clientRef.current = undefined;
        setStatus({ state: 'closed', error: (e as Error).message });
      }
    },
    [origin, apiKey, stop],
  );

  const setPaused = useCallback((next: boolean) => {
    pausedRef.current = next;
    setPausedState(next);
    if (!next) {
      const newestFirst = heldRef.current.reverse();
      heldRef.current = [];
      setHeld(0);
      setEvents((e) => [...newestFirst, ...e].slice(0, KEEP_EVENTS));
    }
  }, []);

  return {
    status,
    events,
    held,
    frames,
    paused,
    start,
    stop: () => {
      stop();
      setStatus({ state: 'closed' });
    },
    setPaused,
    clear: () => {
      setEvents([]);
      setFrames([]);
    },
  };
}
