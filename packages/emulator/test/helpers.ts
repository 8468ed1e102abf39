import type { Emulator } from '../src/index.js';
import { startTestEmulator as startKit } from '../src/testing/index.js';

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

/** The test kit's seeded in-memory emulator, and a tiny client for raw bodies (protobuf, bad input). */
export async function startTestEmulator(): Promise<Client> {
  const { emulator } = await startKit();
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
