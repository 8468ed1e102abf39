// Stream (/stream): the emulator's realtime events as they happen, through the SDK's realtime
// client, with the webhook filter builder choosing what to subscribe to, pause, and the raw
// JSON-RPC frames of the connection.
import type { RealtimeEventType } from '@castkit/sdk/realtime';
import { useState } from 'react';
import { useClients } from '../../data/use-api';
import { JsonTree } from '../../response/JsonTree';
import { useEnv } from '../../shell/env-context';
import { buttonClass, DevPage, ErrorNote, Section, secondaryButtonClass } from '../DevPage';
import { FilterBuilder } from '../webhooks/FilterBuilder';
import { type FilterForm, toFilters } from '../webhooks/filter-model';
import { summarize } from './event-summary';
import { KEEP_FRAMES, type StreamStatus, useStream } from './use-stream';

export function StreamPage() {
  return (
    <DevPage title="Stream" intro="Events as they happen, from the emulator's realtime stream.">
      <StreamScreen />
    </DevPage>
  );
}

function statusText(s: StreamStatus): string {
  switch (s.state) {
    case 'idle':
      return 'Not connected.';
    case 'connecting':
      return 'Connecting…';
    case 'live':
      return `Live, from event ${s.fromEventId ?? 'now'}.`;
    case 'closed':
      return s.error ? `Closed: ${s.error}` : 'Closed.';
  }
}

function StreamScreen() {
  const { env } = useEnv();
  const clients = useClients();
  const stream = useStream(clients.hub.baseUrl, clients.apiKey);
  const [form, setForm] = useState<FilterForm>({ 'cast.created': {} });
  const [formError, setFormError] = useState<string | undefined>();
  if (env?.environment !== 'emulator') {
    return <p>The stream is the local emulator's; the upstream has none to show here.</p>;
  }
  const live = stream.status.state === 'live' || stream.status.state === 'connecting';
  const subscribe = () => {
    const events = Object.keys(form) as RealtimeEventType[];
    if (events.length === 0) {
      setFormError('Choose at least one event type.');
      return;
    }
    try {
      const filters = toFilters(form);
      setFormError(undefined);
      void stream.start(events, filters);
    } catch (e) {
      setFormError((e as Error).message);
    }
  };
  return (
    <>
      <Section title="Subscription">
        <FilterBuilder value={form} onChange={setForm} />
        <ErrorNote error={formError} />
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className={buttonClass} onClick={subscribe}>
            {live ? 'Resubscribe' : 'Subscribe'}
          </button>
          <button type="button" className={secondaryButtonClass} disabled={!live} onClick={stream.stop}>
            Disconnect
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            aria-pressed={stream.paused}
            onClick={() => stream.setPaused(!stream.paused)}
          >
            {stream.paused ? 'Resume' : 'Pause'}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={stream.clear}>
            Clear
          </button>
          <span role="status" data-testid="stream-status" className="text-sm text-slate-700">
            {statusText(stream.status)}
            {stream.paused && ` Paused: ${stream.held} new ${stream.held === 1 ? 'event' : 'events'} held.`}
          </span>
        </div>
      </Section>
      <Section title="Events">
        {stream.events.length === 0 ? (
          <p className="text-sm text-slate-700">No events yet.</p>
        ) : (
          <ul className="space-y-1" aria-label="Events">
            {stream.events.map(({ eventId, event }) => (
              <li key={eventId} className="rounded border border-slate-200" data-testid="stream-event">
                <details>
                  <summary className="flex cursor-pointer flex-wrap items-center gap-2 p-2 text-sm">
                    <span className="text-slate-700">#{eventId}</span>
                    <code>{event.type}</code>
                    <span className="min-w-0 flex-1 truncate">{summarize(event)}</span>
                  </summary>
                  <div className="border-t border-slate-200 p-2">
                    <JsonTree value={event} label={`event ${eventId}`} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Raw frames">
        <p className="text-sm text-slate-700">
          The JSON-RPC 2.0 frames of this connection, newest first (the last {KEEP_FRAMES} kept).
        </p>
        <ol className="max-h-96 space-y-1 overflow-y-auto font-mono text-xs" aria-label="Frames">
          {stream.frames.map((f) => (
            <li key={f.seq} data-testid="frame" data-direction={f.direction} className="break-all">
              <span className={f.direction === 'sent' ? 'text-indigo-800' : 'text-emerald-900'}>
                {f.direction === 'sent' ? '→ ' : '← '}
              </span>
              {f.text}
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
