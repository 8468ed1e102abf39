import { describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';

describe('the server', () => {
  it('serves both APIs and the admin routes on one port, with any accepted key', async () => {
    const e = await startEmulator({ apiKey: ['first-key', 'second-key'] });
    try {
      const get = (path: string, key?: string) =>
        fetch(`${e.url}${path}`, { headers: key ? { 'x-api-key': key } : {} });
      for (const path of ['/v2/farcaster/user/bulk?fids=1', '/v1/fids?shard_id=1', '/_emulator/stats']) {
        expect((await get(path)).status, path).toBe(401);
        expect((await get(path, 'second-key')).status, path).toBe(200);
      }
      const users = await (await get('/v2/farcaster/user/bulk?fids=1', 'first-key')).json();
      expect(users.users[0].fid).toBe(1);
      expect((await get('/elsewhere', 'first-key')).status).toBe(404);
    } finally {
      await e.close();
    }
  });

  it('answers with the error body of the API a path belongs to', async () => {
    const e = await startEmulator({});
    try {
      const get = (path: string) => fetch(`${e.url}${path}`, { headers: { 'x-api-key': e.apiKey } });
      const v2 = await get('/v2/farcaster/no-such-operation');
      expect(v2.status).toBe(404);
      expect(await v2.json()).toMatchObject({ message: expect.any(String), code: 'NotFound' });
      const hub = await get('/v1/castsByFid');
      expect(hub.status).toBe(400);
      expect(await hub.json()).toMatchObject({ name: 'HubError', details: expect.stringMatching(/fid/) });
      const admin = await fetch(`${e.url}/_emulator/reset`, { headers: { 'x-api-key': e.apiKey } });
      expect(admin.status).toBe(405);
      expect(admin.headers.get('allow')).toBe('POST');
    } finally {
      await e.close();
    }
  });

  it('runs on the clock it is given', async () => {
    const now = Date.UTC(2026, 0, 15, 12, 0, 0);
    const e = await startEmulator({ now: () => now });
    try {
      const health = await (await fetch(`${e.url}/_emulator/health`)).json();
      expect(health.now).toBe(now);
      expect(e.store.now()).toBe(now);
    } finally {
      await e.close();
    }
  });

  it('answers malformed paths with a 4xx, never a crash', async () => {
    const e = await startEmulator({});
    try {
      for (const path of ['/_emulator/avatar/%E0%A4%A', '/_emulator/avatar/..%2F..%2Fetc', '/v1/%ZZ', '//']) {
        const r = await fetch(`${e.url}${path}`, { headers: { 'x-api-key': e.apiKey } });
        expect(r.status, path).toBeGreaterThanOrEqual(400);
        expect(r.status, path).toBeLessThan(500);
      }
      expect((await fetch(`${e.url}/_emulator/health`)).status).toBe(200);
    } finally {
      await e.close();
    }
  });
});
