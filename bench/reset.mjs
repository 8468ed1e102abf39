// Reset time at the small and the large seed: the emulator runs as users run it (the bin, a file
// database); each round makes W writes over HTTP (casts, likes, follows), then POST /_emulator/reset.
// Reported per seed and W: the median round trip of the reset and the rows it put back. Reset
// undoes the writes since the seed (store/undo-log.ts), so it should follow W, not the seed size.
// Usage: node bench/reset.mjs [--large PATH] [--rounds N]
//   --large: a large-seeded file to use (a copy is advisable: the undo log's tables are added to it);
//   without it only the small seed is measured.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { large: { type: 'string' }, rounds: { type: 'string', default: '5' } },
});
const ROUNDS = Math.max(1, Number(values.rounds));
const WRITES = [10, 300];
const KEY = 'castkit-dev-key';
const bin = fileURLToPath(new URL('../packages/emulator/bin/castkit-emulator.mjs', import.meta.url));
const signer = (fid) => `00000000-0000-4000-8000-00000000000${fid}`;

function start(db, size) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '--port', '0', '--db', db, '--seed-size', size], {
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

async function measure(label, db, size) {
  const { child, url } = await start(db, size);
  const post = async (path, body) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    return res.json();
  };
  try {
    await post('/_emulator/reset');
    for (const w of WRITES) {
      const times = [];
      const rows = [];
      for (let r = 0; r < ROUNDS; r++) {
        for (let i = 0; i < w; i++) {
          const fid = 1 + (i % 3);
          const { cast } = await post('/v2/farcaster/cast', {
            signer_uuid: signer(fid),
            text: `reset bench ${r} ${i}`,
          });
          if (i % 3 === 1)
            await post('/v2/farcaster/reaction', {
              signer_uuid: signer(1 + ((i + 1) % 3)),
              reaction_type: 'like',
              target: cast.hash,
            });
          if (i % 3 === 2)
            await post('/v2/farcaster/user/follow', { signer_uuid: signer(fid), target_fids: [100 + i] });
        }
        const started = performance.now();
        const report = await post('/_emulator/reset');
        times.push(performance.now() - started);
        rows.push(report.rows);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      console.log(
        `${label}: reset after ${w} writes: median ${median.toFixed(1)} ms over ${ROUNDS} rounds (min ${times[0].toFixed(1)}, max ${times.at(-1).toFixed(1)}), rows put back ${Math.min(...rows)}-${Math.max(...rows)}`,
      );
    }
  } finally {
    child.kill();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'castkit-reset-bench-'));
try {
  await measure('small seed', join(dir, 'small.db'), 'small');
  if (values.large) await measure('large seed', values.large, 'large');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
