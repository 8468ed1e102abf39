import { it } from 'vitest';
import { startApi } from './support/api.js';
it('p', async () => {
  const env = await startApi();
  let from = 0; let pages = 0; const t0 = Date.now();
  for (;;) { const p = await env.hub.fetchEvents({ fromEventId: from }); pages++; if (p.events.length < 1000) { console.log('P last', p.events.length, p.nextPageEventId, p.events.at(-1)?.id); break; } from = p.nextPageEventId; }
  console.log('P pages', pages, Date.now() - t0);
  const e = await env.hub.fetchEvents({ fromEventId: 10_000_000 }); console.log('P far', JSON.stringify(e).slice(0,200));
  await env.close();
}, 60000);
