// A bounded keep-alive load generator for loopback servers: fixed request count, fixed concurrency.
import http from 'node:http';

/** Sends `total` GETs from `paths()` with `concurrency` in flight; returns throughput and latency. */
export async function load(origin, { total, concurrency, paths, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let sent = 0;
  let failures = 0;
  const one = (path) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(`${origin}${path}`, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) failures++;
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        failures++;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent++ < total) await one(paths());
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { rps: total / seconds, p50: pct(50), p99: pct(99), failures };
}
