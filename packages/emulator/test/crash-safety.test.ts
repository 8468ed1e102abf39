import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { Message } from '@farcaster/core';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_USERS, toFarcasterTime } from '../src/index.js';
import { signMessageData } from '../src/protocol/index.js';
import { exited, killAll, launch as launchEmulator } from './support/process.js';
import { signingKeyFor } from './support/signing-key.js';

const KEY = 'crash-test-key';
const dir = mkdtempSync(join(tmpdir(), 'castkit-crash-'));
const dbPath = join(dir, 'emulator.db');

afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

const launch = () => launchEmulator(dbPath, ['--api-key', KEY]);

function castBytes(privateKey: Uint8Array, i: number): { bytes: Uint8Array; hash: string } {
  const data = {
    type: 1,
    fid: 1,
    timestamp: toFarcasterTime(Date.now()),
    network: 1,
    castAddBody: {
      text: `crash stream ${i}`,
      type: 0,
      embeds: [],
      embedsDeprecated: [],
      mentions: [],
      mentionsPositions: [],
    },
  };
  const m = signMessageData(data as never, privateKey);
  return { bytes: Message.encode(m).finish(), hash: `0x${Buffer.from(m.hash).toString('hex')}` };
}

describe('crash safety', () => {
  it('keeps every acknowledged write and an intact database after SIGKILL mid-stream', async () => {
    const first = await launch();
    const api = new NeynarAPIClient({ apiKey: KEY, baseUrl: `${first.url}/v2`, retries: 0 });
    const privateKey = await signingKeyFor(api, SEED_USERS[0].fid, Date.now());

    const acked: string[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const { bytes, hash } = castBytes(privateKey, next++);
        try {
          const res = await fetch(`${first.url}/v1/submitMessage`, {
            method: 'POST',
            body: bytes as BodyInit,
            headers: { 'x-api-key': KEY, 'content-type': 'application/octet-stream' },
          });
          if (res.ok) acked.push(hash);
          await res.arrayBuffer();
        } catch {
          // The connection died with the process: not acknowledged, so not promised.
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    // Kill while writes are in flight, once enough have been acknowledged to mean something.
    const deadline = Date.now() + 30_000;
    while (acked.length < 60 && first.child.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(first.child.exitCode, `emulator died early: ${first.stderr()}`).toBeNull();
    expect(
      acked.length,
      `only ${acked.length} writes acknowledged in 30 s: ${first.stderr()}`,
    ).toBeGreaterThanOrEqual(60);
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    await exited(first.child);

    const second = await launch();
    try {
      for (const hash of acked) {
        const res = await fetch(`${second.url}/v1/castById?fid=1&hash=${hash}`, {
          headers: { 'x-api-key': KEY },
        });
        expect(res.status, hash).toBe(200);
      }
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
    // The file itself is under test here: SQLite's own check of it, which no API answers.
    const db = new Database(dbPath, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    expect(acked.length).toBeGreaterThanOrEqual(60);
  }, 60_000);
});
