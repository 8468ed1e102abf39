// Timeouts, retries and cancellation, with one debug line per attempt.
import { createServer } from 'node:net';
import { AbortError, NeynarAPIClient, TimeoutError } from '@castkit/sdk/2.x';
import { apiKey, baseUrl } from './support/server.js';

// `debug` receives one line per attempt (method, path, outcome, ms, retries); the key never appears.
const logger = { debug: (line: string) => console.log(`  debug: ${line}`), warn: () => {} };

const client = new NeynarAPIClient({
  apiKey,
  baseUrl,
  timeout: 10_000, // per attempt, ms
  retries: { retries: 2, baseDelay: 50, maxDelay: 1_000 },
  logger,
});

const { user } = await client.lookupUserByUsername({ username: 'alice' }, { timeout: 5_000 });
console.log(`lookup with a 5 s timeout: found @${user.username} (fid ${user.fid})`);

// A server that accepts connections and never answers shows what a timeout does: each attempt
// ends after `timeout` ms, reads are retried, and the last failure is a TimeoutError.
const silent = createServer(() => {});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const { port } = silent.address() as { port: number };
const stuck = new NeynarAPIClient({ apiKey, baseUrl: `http://127.0.0.1:${port}/v2`, logger });
try {
  await stuck.lookupUserByUsername({ username: 'alice' }, { timeout: 200, retries: 1 });
} catch (error) {
  if (!(error instanceof TimeoutError)) throw error;
  console.log(`silent server: ${error.name} after 2 attempts: ${error.message}`);
} finally {
  silent.close();
}

// The caller's AbortSignal cancels at once and is never retried.
const controller = new AbortController();
const pending = client.fetchBulkUsers({ fids: [1, 2] }, { signal: controller.signal });
controller.abort();
try {
  await pending;
} catch (error) {
  if (!(error instanceof AbortError)) throw error;
  console.log(`aborted by the caller: ${error.name}`);
}

// AbortSignal.timeout bounds a whole walk of pages, whatever the per-attempt timeout.
const signal = AbortSignal.timeout(5_000);
let pages = 0;
for await (const _page of client.paginate(
  'fetchUserFollowers',
  { fid: 1, limit: 5 },
  { signal, maxPages: 2 },
))
  pages += 1;
console.log(`walked ${pages} pages under one AbortSignal.timeout(5000)`);
