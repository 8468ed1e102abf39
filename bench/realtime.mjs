// Write-to-client latency of the realtime stream: a cast written through the v2 API, timed from
// the start of the POST until each subscriber's socket has read the event (parsed). The emulator
// runs in its own process, as developers run it; subscribers are plain WebSockets in this one.
// 1 and 100 subscribers, several rounds in one run, medians of the rounds' p50/p99 printed.
// Run: node bench/realtime.mjs [--writes 100] [--rounds 3]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';

const { values } = parseArgs({
  options: { writes: { type: 'string', default: '100' }, rounds: { type: 'string', default: '3' } },
});
const WRITES = Number(values.writes);
const ROUNDS = Number(values.rounds);
const KEY = 'castkit-dev-key';
const SIGNER = '00000000-0000-4000-8000-000000000001';
const emulatorBin = fileURLToPath(new URL('../packages/emulator/bin/castkit-emulator.mjs', import.meta.url));

function startEmulator() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [emulatorBin, '--port', '0', '--db', ':memory:'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
}

/** A logged-in, subscribed socket calling `onText(text)` for every cast event it reads. */
async function subscriber(url, onText) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const answered = new Map();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    if (m.method === 'event') onText(m.params.event.data.text);
    else answered.get(m.id)?.(m);
  });
  const ask = (id, method, params) =>
    new Promise((resolve) => {
      answered.set(id, resolve);
      ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  await ask(1, 'login', { api_key: KEY });
  await ask(2, 'subscribe', { events: ['cast.created'], filters: { 'cast.created': { author_fids: [1] } } });
  return ws;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function round(url, subscribers, label) {
  const waiting = new Map(); // text -> { left, started, latencies }
  const latencies = [];
  const writes = [];
  const onText = (text) => {
    const w = waiting.get(text);
    if (!w) return;
    latencies.push(performance.now() - w.started);
    if (--w.left === 0) {
      waiting.delete(text);
      w.done();
    }
  };
  const sockets = await Promise.all(Array.from({ length: subscribers }, () => subscriber(url, onText)));
  for (let i = 0; i < WRITES; i++) {
    const text = `bench ${label} ${i}`;
    const started = performance.now();
    const arrived = new Promise((done) => waiting.set(text, { left: subscribers, started, done }));
    const res = await fetch(`${url}/v2/farcaster/cast`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ signer_uuid: SIGNER, text }),
    });
    if (!res.ok) throw new Error(`publishCast answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    writes.push(performance.now() - started);
    await arrived;
  }
  for (const ws of sockets) ws.close();
  latencies.sort((a, b) => a - b);
  writes.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    samples: latencies.length,
    writeP50: percentile(writes, 50),
    writeP99: percentile(writes, 99),
  };
}

const { loadavg, cpus } = await import('node:os');
console.log(`load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
const emulator = await startEmulator();
try {
  // Warm-up: JIT, prepared statements, read caches.
  await round(emulator.url, 1, 'warmup');
  const results = [];
  for (const subscribers of [1, 100]) {
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++)
      rounds.push(await round(emulator.url, subscribers, `${subscribers}-${r}`));
    results.push({
      subscribers,
      p50: median(rounds.map((x) => x.p50)),
      p99: median(rounds.map((x) => x.p99)),
      writeP50: median(rounds.map((x) => x.writeP50)),
      writeP99: median(rounds.map((x) => x.writeP99)),
      rounds: rounds.map(
        (x) =>
          `event p50 ${x.p50.toFixed(2)} / p99 ${x.p99.toFixed(2)} ms (${x.samples} samples); ` +
          `the POST's own answer p50 ${x.writeP50.toFixed(2)} / p99 ${x.writeP99.toFixed(2)} ms`,
      ),
    });
  }
  console.log(`write-to-client latency, ${WRITES} sequential writes per round, ${ROUNDS} rounds (medians):`);
  for (const r of results) {
    console.log(
      `  ${String(r.subscribers).padStart(3)} subscriber(s): p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms` +
        ` (the POST's own answer in the same rounds: p50 ${r.writeP50.toFixed(2)} ms, p99 ${r.writeP99.toFixed(2)} ms)`,
    );
    for (const line of r.rounds) console.log(`      ${line}`);
  }
  const at100 = results.find((r) => r.subscribers === 100);
  console.log(
    `target p99 <= 50 ms at 100 subscribers: ${at100.p99 <= 50 ? 'met' : 'NOT met'} (${at100.p99.toFixed(2)} ms)`,
  );
} finally {
  emulator.child.kill();
}
