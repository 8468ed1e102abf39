// A bounded keep-alive load generator for loopback servers: fixed request count, fixed concurrency.
import http from 'node:http';

/**
 * Sends `total` requests from `next()` with `concurrency` in flight; returns throughput and
 * latency, overall and per `kind`. `next()` gives a GET path, or `{ method, path, body, kind }`.
 */
export async function load(origin, { total, concurrency, paths: next, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = { all: [] };
  let sent = 0;
  let failures = 0;
  const one = (spec) =>
    new Promise((resolve) => {
      const { method = 'GET', path, body, kind = 'all' } = typeof spec === 'string' ? { path: spec } : spec;
      const started = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        `${origin}${path}`,
        {
          method,
          agent,
          headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) failures++;
            const ms = performance.now() - started;
            latencies.all.push(ms);
            if (kind !== 'all') {
              latencies[kind] ??= [];
              latencies[kind].push(ms);
            }
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end(payload);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent++ < total) await one(next());
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const stats = (xs) => {
    xs.sort((a, b) => a - b);
    const pct = (p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
    return { p50: pct(50), p99: pct(99), count: xs.length };
  };
  const kinds = Object.fromEntries(Object.entries(latencies).map(([k, xs]) => [k, stats(xs)]));
  return { rps: total / seconds, ...kinds.all, kinds, failures };
}
