import { type Emulator, startEmulator } from '../src/index.js';

export interface Client {
  emulator: Emulator;
  get(
    path: string,
    query?: Record<string, string | number | boolean>,
    headers?: Record<string, string>,
  ): Promise<Reply>;
  post(path: string, body: Uint8Array | string, contentType?: string): Promise<Reply>;
}

export interface Reply {
  status: number;
  body: any;
}

/** A seeded in-memory emulator on a free loopback port, and a tiny client for it. */
export async function startTestEmulator(): Promise<Client> {
  const emulator = await startEmulator({ port: 0, db: ':memory:' });
  const url = (path: string, query: Record<string, string | number | boolean> = {}) => {
    const u = new URL(path, emulator.url);
    for (const [k, v] of Object.entries(query)) u.searchParams.set(k, String(v));
    return u;
  };
  const reply = async (res: Response): Promise<Reply> => {
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    emulator,
    async get(path, query, headers) {
      return reply(await fetch(url(path, query), { headers: { 'x-api-key': emulator.apiKey, ...headers } }));
    },
    async post(path, body, contentType = 'application/octet-stream') {
      return reply(
        await fetch(url(path), {
          method: 'POST',
          body: body as BodyInit,
          headers: { 'x-api-key': emulator.apiKey, 'content-type': contentType },
        }),
      );
    },
  };
}
