// Webhook delivery, measured in one run against a child emulator (small seed, in memory) and a
// receiver in a process of its own, all on loopback. After a warm-up of every path, per round:
// sequential write latency with no webhook, then with 1 and with 10 webhooks taking every cast
// (write → delivery latency measured from the write's start to the receiver's arrival, same clock);
// the same at a steady pace (a write every --every ms) with none and 10; then a burst at concurrency
// 16 with 10 webhooks for deliveries per second sustained. Every figure is the median over the rounds.
// Targets (issue 11): delivery p99 <= 50 ms at 10 webhooks; write p99 with 10 webhooks <= 1.2x none.
// Usage: node bench/webhooks.mjs [--rounds N] [--writes N] [--every MS] [--cpu-prof DIR]
// --cpu-prof writes the emulator child's V8 CPU profile into DIR (open it in Chrome DevTools).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    every: { type: 'string', default: '4' },
    writes: { type: 'string', default: '300' },
    'cpu-prof': { type: 'string' },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds));
const WRITES = Math.max(20, Number(values.writes));
const BURST = WRITES * 2;
const EVERY = Math.max(1, Number(values.every));
const KEY = 'castkit-dev-key';
const emulatorBin = fileURLToPath(new URL('../packages/emulator/bin/castkit-emulator.mjs', import.meta.url));
const SIGNERS = [1, 2, 3].map((fid) => `00000000-0000-4000-8000-00000000000${fid}`);

const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
const child = spawn(process.execPath, [...profile, emulatorBin, '--port', '0', '--db', ':memory:'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
    const m = out.match(/listening on (http:\/\/\S+)/);
    if (m) resolve(m[1]);
  });
  child.on('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
});

// The receiver runs in its own process (see webhook-receiver.mjs); asked, it reports its count and
// the arrival times by cast hash.
const receiver = spawn(
  process.execPath,
  [fileURLToPath(new URL('./webhook-receiver.mjs', import.meta.url))],
  {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  },
);
const ask = (question, key) =>
  new Promise((resolve) => {
    const on = (m) => {
      if (!(key in m)) return;
      receiver.off('message', on);
      resolve(m);
    };
    receiver.on('message', on);
    if (question) receiver.send(question);
  });
const receiverUrl = (await ask(undefined, 'url')).url;
let arrivals = new Map();
const untilDelivered = async (n) => {
  while ((await ask('count', 'delivered')).delivered < n) await new Promise((r) => setTimeout(r, 20));
  arrivals = new Map((await ask('arrivals', 'arrivals')).arrivals);
};
const deliveredNow = async () => (await ask('count', 'delivered')).delivered;
const now = () => performance.timeOrigin + performance.now();

const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
const call = async (method, path, body) =>
  (await fetch(`${url}${path}`, { method, headers, body: body && JSON.stringify(body) })).json();

let n = 0;
async function write() {
  const t0 = now();
  const r = await call('POST', '/v2/farcaster/cast', {
    signer_uuid: SIGNERS[n % 3],
    text: `bench ${n++} ${t0}`,
  });
  return { t0, ms: now() - t0, hash: r.cast.hash };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const median = (xs) => pct(xs, 50);

async function hooks(count) {
  const ids = [];
  for (let i = 0; i < count; i++)
    ids.push(
      (
        await call('POST', '/v2/farcaster/webhook', {
          name: `bench ${i}`,
          url: receiverUrl,
          subscription: { 'cast.created': {} },
        })
      ).webhook.webhook_id,
    );
  return ids;
}
const unhook = async (ids) => {
  for (const id of ids) await call('DELETE', '/v2/farcaster/webhook', { webhook_id: id });
};

/** CPU ms a task has used, from a /proc stat file (Linux; 10 ms ticks); NaN elsewhere. */
function cpuMs(stat) {
  try {
    const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU used so far by each party: the emulator's main thread (the one that answers writes: what the
 * deliveries cost the write path), the whole emulator (its delivery thread too), the receiver and
 * this process (the client). On two cores their sum per write shows how busy the machine was.
 */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return {
    main: cpuMs(`/proc/${child.pid}/task/${child.pid}/stat`),
    emulator: cpuMs(`/proc/${child.pid}/stat`),
    receiver: cpuMs(`/proc/${receiver.pid}/stat`),
    client: (user + system) / 1000,
  };
};

/**
 * WRITES writes: sequential (each sent when the last has answered: the machine is saturated, so
 * deliveries share the cores with the writes), or with `every` ms set, one sent every that many ms
 * whether or not the last has answered (a steady rate the machine can carry). With webhooks, waits
 * for every delivery and returns the latencies.
 */
async function phase(webhooks, every = 0) {
  const ids = await hooks(webhooks);
  const start = await deliveredNow();
  const writes = [];
  const cpu0 = cpuNow();
  if (every > 0) {
    const sent = [];
    const t0 = performance.now();
    for (let i = 0; i < WRITES; i++) {
      const wait = t0 + i * every - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sent.push(write());
    }
    writes.push(...(await Promise.all(sent)));
  } else for (let i = 0; i < WRITES; i++) writes.push(await write());
  await untilDelivered(start + WRITES * webhooks);
  const cpu1 = cpuNow();
  const cpu = Object.fromEntries(Object.keys(cpu1).map((k) => [k, (cpu1[k] - cpu0[k]) / WRITES]));
  const latencies = writes.flatMap((w) => (arrivals.get(w.hash) ?? []).map((at) => at - w.t0));
  await unhook(ids);
  return {
    writeP99: pct(
      writes.map((w) => w.ms),
      99,
    ),
    writeP50: median(writes.map((w) => w.ms)),
    cpu,
    latencies,
  };
}

async function burst(webhooks) {
  const ids = await hooks(webhooks);
  const start = await deliveredNow();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < BURST) await write();
    }),
  );
  await untilDelivered(start + BURST * webhooks);
  const seconds = (performance.now() - t0) / 1000;
  await unhook(ids);
  return (BURST * webhooks) / seconds;
}

const rows = {
  none: [],
  one: [],
  ten: [],
  none50: [],
  ten50: [],
  noneCpu: [],
  tenCpu: [],
  d1p50: [],
  d1p99: [],
  d10p50: [],
  d10p99: [],
  rate: [],
  pacedNone: [],
  pacedTen: [],
  pacedD10p99: [],
};
try {
  // Warm-up: every path the rounds take, so the JIT has compiled it before anything is timed.
  await phase(0);
  await phase(10);
  await burst(10);
  for (let round = 0; round < ROUNDS; round++) {
    const none = await phase(0);
    const one = await phase(1);
    const ten = await phase(10);
    rows.none.push(none.writeP99);
    rows.one.push(one.writeP99);
    rows.ten.push(ten.writeP99);
    rows.none50.push(none.writeP50);
    rows.ten50.push(ten.writeP50);
    rows.noneCpu.push(none.cpu);
    rows.tenCpu.push(ten.cpu);
    rows.d1p50.push(pct(one.latencies, 50));
    rows.d1p99.push(pct(one.latencies, 99));
    rows.d10p50.push(pct(ten.latencies, 50));
    rows.d10p99.push(pct(ten.latencies, 99));
    const pacedNone = await phase(0, EVERY);
    const pacedTen = await phase(10, EVERY);
    rows.pacedNone.push(pacedNone.writeP99);
    rows.pacedTen.push(pacedTen.writeP99);
    rows.pacedD10p99.push(pct(pacedTen.latencies, 99));
    rows.rate.push(await burst(10));
    console.error(`round ${round + 1}/${ROUNDS} done`);
  }
  const f = (x) => x.toFixed(2);
  console.log(
    `webhooks bench: ${ROUNDS} rounds x ${WRITES} sequential writes per phase; burst ${BURST} writes at c16; medians`,
  );
  console.log(
    `write p99 (ms): no webhooks ${f(median(rows.none))}, 1 webhook ${f(median(rows.one))}, 10 webhooks ${f(median(rows.ten))}`,
  );
  console.log(`write p50 (ms): no webhooks ${f(median(rows.none50))}, 10 webhooks ${f(median(rows.ten50))}`);
  const cpuLine = (cpus) => {
    const m = (k) => f(median(cpus.map((c) => c[k])));
    return `emulator main thread ${m('main')}, whole emulator ${m('emulator')}, receiver ${m('receiver')}, client ${m('client')}`;
  };
  console.log(`CPU per sequential write (ms), no webhooks: ${cpuLine(rows.noneCpu)}`);
  console.log(`CPU per sequential write (ms), 10 webhooks: ${cpuLine(rows.tenCpu)}`);
  console.log(
    `sequential: write p99 ratio 10 webhooks / none: ${f(median(rows.ten) / median(rows.none))}x (target <= 1.2x)`,
  );
  console.log(`write→delivery at 1 webhook (ms): p50 ${f(median(rows.d1p50))}, p99 ${f(median(rows.d1p99))}`);
  console.log(
    `write→delivery at 10 webhooks (ms): p50 ${f(median(rows.d10p50))}, p99 ${f(median(rows.d10p99))} (target p99 <= 50)`,
  );
  console.log(
    `paced, a write every ${EVERY} ms: write p99 (ms) no webhooks ${f(median(rows.pacedNone))}, 10 webhooks ${f(median(rows.pacedTen))}; ratio ${f(median(rows.pacedTen) / median(rows.pacedNone))}x (target <= 1.2x); write→delivery p99 ${f(median(rows.pacedD10p99))}`,
  );
  console.log(`deliveries/s sustained (10 webhooks, c16 writes): ${Math.round(median(rows.rate))}`);
} finally {
  // SIGINT lets the child exit normally, which is when V8 writes its profile.
  child.kill(profile.length ? 'SIGINT' : 'SIGTERM');
  receiver.disconnect();
}
