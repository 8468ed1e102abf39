// Webhook delivery, measured in one run against a child emulator (small seed, in memory unless
// --file) and a receiver in a process of its own, all on loopback. Ten webhooks taking every cast are
// created once; each condition (none, 1 or 10 of them active, or the stand-in below) is a block of
// --block writes, and the conditions take turns block by block in a rotating order, so that whatever
// else the machine does falls on all of them alike (a condition timed minutes after another picked
// up the machine's drift, and p99 ratios of the same build spread from 1.1x to 1.8x). After each
// block the bench waits for its deliveries, so a block never runs beside the previous one's. Per
// round the blocks' writes are pooled per condition; every figure printed is the median over the
// rounds.
// - sequential: each write sent when the last has answered (the machine is saturated, so deliveries
//   share the two cores with the writes);
// - paced: a write every --every ms whether or not the last has answered (a rate the machine carries);
// - burst: writes at concurrency 16 with 10 webhooks, for deliveries per second sustained.
// Write → delivery latency runs from the write's start to the receiver's arrival, on one clock.
// Targets (issue 11): delivery p99 <= 50 ms at 10 webhooks; write p99 with 10 webhooks <= 1.2x none.
// The stand-in condition has no webhook active; instead a thread of this process
// (delivery-stand-in.mjs) signs and POSTs to the receiver what 10 webhooks would get after each write.
// Its ratio to none is what the deliveries' own CPU costs the writes on this machine, with none of the
// emulator's bookkeeping: the floor under the "10 webhooks" ratio that no emulator could go below here.
// Usage: node bench/webhooks.mjs [--rounds N] [--writes N per condition and round] [--block N]
//   [--every MS] [--aa] [--low-priority] [--cpu-prof DIR] [--file]
// --aa runs the "1" and "10 webhooks" conditions with no webhook active: the ratios it prints are the
// bench's own noise on this machine (an A/A test), the floor under which no difference is measurable.
// --low-priority runs the stand-in thread at nice 19 (Linux keeps a nice value per thread).
// --cpu-prof writes the emulator child's V8 CPU profile into DIR (open it in Chrome DevTools).
// --file puts the database in a new file (WAL, in a temporary folder removed at the end), as
// `castkit dev` keeps it: every commit of the outbox is then a write to the WAL.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    block: { type: 'string', default: '50' },
    aa: { type: 'boolean', default: false },
    'low-priority': { type: 'boolean', default: false },
    every: { type: 'string', default: '4' },
    writes: { type: 'string', default: '2000' },
    'cpu-prof': { type: 'string' },
    file: { type: 'boolean', default: false },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds));
const BLOCK = Math.max(10, Number(values.block));
const WRITES = Math.max(BLOCK, Math.round(Number(values.writes) / BLOCK) * BLOCK);
const BURST = WRITES * 2;
const EVERY = Math.max(1, Number(values.every));
const KEY = 'castkit-dev-key';
const emulatorBin = fileURLToPath(new URL('../packages/emulator/bin/castkit-emulator.mjs', import.meta.url));
const SIGNERS = [1, 2, 3].map((fid) => `00000000-0000-4000-8000-00000000000${fid}`);

const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
const dbFolder = values.file ? mkdtempSync(join(tmpdir(), 'castkit-webhooks-bench-')) : undefined;
const db = dbFolder ? join(dbFolder, 'emulator.db') : ':memory:';
const child = spawn(process.execPath, [...profile, emulatorBin, '--port', '0', '--db', db], {
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
/** The stand-in condition: no webhook active, the stand-in thread delivers what 10 would get. */
const STAND_IN = 'stand-in';
const STAND_IN_WEBHOOKS = 10;
const standInThread = new Worker(new URL('./delivery-stand-in.mjs', import.meta.url), {
  workerData: { url: receiverUrl, webhooks: STAND_IN_WEBHOOKS, lowPriority: values['low-priority'] },
});
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
/** Sends a cast; once it is answered, with `standIn`, has the stand-in thread deliver it. */
async function write(standIn = false) {
  const t0 = now();
  const r = await call('POST', '/v2/farcaster/cast', {
    signer_uuid: SIGNERS[n % 3],
    text: `bench ${n++} ${t0}`,
  });
  if (standIn) standInThread.postMessage(r.cast.hash);
  return { t0, ms: now() - t0, hash: r.cast.hash };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const median = (xs) => pct(xs, 50);
/** Per round, a's figure over b's. */
const ratios = (a, b) => a.map((x, i) => x / b[i]);

/** Ten webhooks taking every cast; `activate(k)` leaves the first k of them active. */
const hookIds = [];
for (let i = 0; i < 10; i++)
  hookIds.push(
    (
      await call('POST', '/v2/farcaster/webhook', {
        name: `bench ${i}`,
        url: receiverUrl,
        subscription: { 'cast.created': {} },
      })
    ).webhook.webhook_id,
  );
const activeNow = hookIds.map(() => true);
async function activate(k) {
  for (let i = 0; i < hookIds.length; i++) {
    if (activeNow[i] === i < k) continue;
    await call('PATCH', '/v2/farcaster/webhook', { webhook_id: hookIds[i], active: String(i < k) });
    activeNow[i] = i < k;
  }
}

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
 * One block of BLOCK writes with `condition` webhooks active (none under --aa; none but the stand-in
 * delivering to 10 for STAND_IN): sequential, or with
 * `every` ms set, one sent every that many ms whether or not the last has answered. Waits for every
 * delivery before it returns.
 */
async function block(condition, every = 0) {
  const standIn = condition === STAND_IN;
  const webhooks = values.aa || standIn ? 0 : condition;
  await activate(webhooks);
  const start = await deliveredNow();
  const writes = [];
  const cpu0 = cpuNow();
  if (every > 0) {
    const sent = [];
    const t0 = performance.now();
    for (let i = 0; i < BLOCK; i++) {
      const wait = t0 + i * every - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sent.push(write(standIn));
    }
    writes.push(...(await Promise.all(sent)));
  } else for (let i = 0; i < BLOCK; i++) writes.push(await write(standIn));
  await untilDelivered(start + BLOCK * (standIn ? STAND_IN_WEBHOOKS : webhooks));
  const cpu1 = cpuNow();
  const cpu = Object.fromEntries(Object.keys(cpu1).map((k) => [k, cpu1[k] - cpu0[k]]));
  const latencies = writes.flatMap((w) => (arrivals.get(w.hash) ?? []).map((at) => at - w.t0));
  return { ms: writes.map((w) => w.ms), cpu, latencies };
}

/**
 * WRITES writes per condition, in blocks, the conditions taking turns in a rotating order; returns
 * per condition the pooled write times, delivery latencies and CPU per write by party.
 */
async function interleaved(conditions, every = 0) {
  const pooled = new Map(conditions.map((c) => [c, { ms: [], latencies: [], cpu: {} }]));
  // Not counted: what the previous phase left behind (a burst's garbage, say) lands here, not on
  // whichever condition happens to come first.
  await block(conditions[0], every);
  for (let b = 0; b < WRITES / BLOCK; b++) {
    for (let i = 0; i < conditions.length; i++) {
      const c = conditions[(b + i) % conditions.length];
      const r = await block(c, every);
      const p = pooled.get(c);
      p.ms.push(...r.ms);
      p.latencies.push(...r.latencies);
      for (const [k, v] of Object.entries(r.cpu)) p.cpu[k] = (p.cpu[k] ?? 0) + v / WRITES;
    }
  }
  return pooled;
}

async function burst() {
  await activate(10);
  const start = await deliveredNow();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < BURST) await write();
    }),
  );
  await untilDelivered(start + BURST * 10);
  const seconds = (performance.now() - t0) / 1000;
  return (BURST * 10) / seconds;
}

const rows = {
  none: [],
  one: [],
  ten: [],
  standIn: [],
  none50: [],
  ten50: [],
  noneCpu: [],
  tenCpu: [],
  standInCpu: [],
  d1p50: [],
  d1p99: [],
  d10p50: [],
  d10p99: [],
  rate: [],
  pacedNone: [],
  pacedTen: [],
  pacedStandIn: [],
  pacedD10p99: [],
};
try {
  // Warm-up: every path the rounds take, so the JIT has compiled it before anything is timed.
  for (const c of [0, 1, 10, STAND_IN]) await block(c);
  for (const c of [0, 10, STAND_IN]) await block(c, EVERY);
  await burst();
  // Per round, p99 ratios to no webhooks: sequential and paced, 10 webhooks and the stand-in.
  const ratio = () => ratios(rows.ten, rows.none);
  const standInRatio = () => ratios(rows.standIn, rows.none);
  const pacedRatio = () => ratios(rows.pacedTen, rows.pacedNone);
  const pacedStandInRatio = () => ratios(rows.pacedStandIn, rows.pacedNone);
  for (let round = 0; round < ROUNDS; round++) {
    const seq = await interleaved([0, 1, 10, STAND_IN]);
    const [none, one, ten, standing] = [0, 1, 10, STAND_IN].map((c) => seq.get(c));
    rows.none.push(pct(none.ms, 99));
    rows.one.push(pct(one.ms, 99));
    rows.ten.push(pct(ten.ms, 99));
    rows.standIn.push(pct(standing.ms, 99));
    rows.none50.push(median(none.ms));
    rows.ten50.push(median(ten.ms));
    rows.noneCpu.push(none.cpu);
    rows.tenCpu.push(ten.cpu);
    rows.standInCpu.push(standing.cpu);
    rows.d1p50.push(pct(one.latencies, 50));
    rows.d1p99.push(pct(one.latencies, 99));
    rows.d10p50.push(pct(ten.latencies, 50));
    rows.d10p99.push(pct(ten.latencies, 99));
    const paced = await interleaved([0, 10, STAND_IN], EVERY);
    const [pacedNone, pacedTen, pacedStanding] = [0, 10, STAND_IN].map((c) => paced.get(c));
    rows.pacedNone.push(pct(pacedNone.ms, 99));
    rows.pacedTen.push(pct(pacedTen.ms, 99));
    rows.pacedStandIn.push(pct(pacedStanding.ms, 99));
    rows.pacedD10p99.push(pct(pacedTen.latencies, 99));
    rows.rate.push(await burst());
    console.error(
      `round ${round + 1}/${ROUNDS}: write p99 ratio 10/none sequential ${ratio().at(-1).toFixed(2)}x (stand-in ${standInRatio().at(-1).toFixed(2)}x), paced ${pacedRatio().at(-1).toFixed(2)}x (stand-in ${pacedStandInRatio().at(-1).toFixed(2)}x)`,
    );
  }
  const f = (x) => (x === undefined || Number.isNaN(x) ? 'n/a' : x.toFixed(2));
  if (values.aa) console.log('A/A: every condition below ran with no webhook active');
  console.log(
    `webhooks bench: database ${values.file ? 'in a file (WAL)' : 'in memory'}; ${ROUNDS} rounds; per round ${WRITES} writes per condition in blocks of ${BLOCK}, conditions interleaved; burst ${BURST} writes at c16; medians over rounds`,
  );
  console.log(
    `write p99 (ms): no webhooks ${f(median(rows.none))}, 1 webhook ${f(median(rows.one))}, 10 webhooks ${f(median(rows.ten))}, stand-in for 10 ${f(median(rows.standIn))}`,
  );
  console.log(`write p50 (ms): no webhooks ${f(median(rows.none50))}, 10 webhooks ${f(median(rows.ten50))}`);
  const cpuLine = (cpus) => {
    const m = (k) => f(median(cpus.map((c) => c[k])));
    return `emulator main thread ${m('main')}, whole emulator ${m('emulator')}, receiver ${m('receiver')}, client ${m('client')}`;
  };
  console.log(`CPU per sequential write (ms), no webhooks: ${cpuLine(rows.noneCpu)}`);
  console.log(`CPU per sequential write (ms), 10 webhooks: ${cpuLine(rows.tenCpu)}`);
  console.log(`CPU per sequential write (ms), stand-in (in the client): ${cpuLine(rows.standInCpu)}`);
  console.log(
    `sequential: write p99 ratio 10 webhooks / none: ${f(median(ratio()))}x (target <= 1.2x; rounds ${ratio().map(f).join(' ')})`,
  );
  console.log(
    `sequential: write p99 ratio stand-in / none (the floor${values['low-priority'] ? ', stand-in at nice 19' : ''}): ${f(median(standInRatio()))}x (rounds ${standInRatio().map(f).join(' ')})`,
  );
  console.log(`write→delivery at 1 webhook (ms): p50 ${f(median(rows.d1p50))}, p99 ${f(median(rows.d1p99))}`);
  console.log(
    `write→delivery at 10 webhooks (ms): p50 ${f(median(rows.d10p50))}, p99 ${f(median(rows.d10p99))} (target p99 <= 50)`,
  );
  console.log(
    `paced, a write every ${EVERY} ms: write p99 (ms) no webhooks ${f(median(rows.pacedNone))}, 10 webhooks ${f(median(rows.pacedTen))}; ratio ${f(median(pacedRatio()))}x (target <= 1.2x; rounds ${pacedRatio().map(f).join(' ')}); write→delivery p99 ${f(median(rows.pacedD10p99))}`,
  );
  console.log(
    `paced: stand-in write p99 ${f(median(rows.pacedStandIn))} ms, ratio to none ${f(median(pacedStandInRatio()))}x (rounds ${pacedStandInRatio().map(f).join(' ')})`,
  );
  console.log(`deliveries/s sustained (10 webhooks, c16 writes): ${Math.round(median(rows.rate))}`);
} finally {
  // SIGINT lets the child exit normally, which is when V8 writes its profile.
  child.kill(profile.length ? 'SIGINT' : 'SIGTERM');
  receiver.disconnect();
  await standInThread.terminate();
  if (dbFolder) {
    // A child that already ended (by a signal too) emits no more 'exit'.
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    rmSync(dbFolder, { recursive: true, force: true });
  }
}
