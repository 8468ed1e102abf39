// Wake-ups for new casts from the emulator's event stream (/realtime on the serving origin, through
// @castkit/sdk/realtime). The state says whether the stream carries them: an upstream has no stream,
// and a stream that dropped and could not reconnect ends, so the caller falls back to polling.
import { useEffect, useRef, useState } from 'react';
import { useEnv } from '../../shell/env-context';

export type StreamState = 'connecting' | 'open' | 'unavailable';

export function useCastStream(enabled: boolean, onCast: () => void): StreamState {
  const { env } = useEnv();
  const [state, setState] = useState<StreamState>('connecting');
  const latest = useRef(onCast);
  latest.current = onCast;
  useEffect(() => {
    if (!enabled || !env) return;
    if (env.environment !== 'emulator') {
      setState('unavailable');
      return;
    }
    let stopped = false;
    let client: { close(): void } | undefined;
    (async () => {
      try {
        // Loaded after the first screen: the feed shows before the stream is needed.
        const { RealtimeClient } = await import('@castkit/sdk/realtime');
        if (stopped) return;
        const stream = new RealtimeClient({ url: window.location.origin, apiKey: env.apiKey });
        client = stream;
        await stream.connect();
        const casts = await stream.subscribe({ events: ['cast.created'] });
        if (!stopped) setState('open');
        for await (const _ of casts) latest.current();
      } catch {
        // The stream never opened, or gave up reconnecting: polling takes over.
      }
      if (!stopped) setState('unavailable');
    })();
    return () => {
      stopped = true;
      client?.close();
    };
  }, [enabled, env]);
  return state;
}
