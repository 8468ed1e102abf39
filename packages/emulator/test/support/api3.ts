// Raw calls to the emulator as a 3.x client makes them: paths under /v2/farcaster/... with their
// trailing slash, query values and JSON bodies as the 3.x SDK sends them.
export interface Reply3 {
  status: number;
  body: any;
}

export function api3(env: { url: string; apiKey: string }) {
  const send = async (method: string, path: string, query: Record<string, unknown> = {}, body?: object) => {
    const u = new URL(path, env.url);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, String(v));
    const res = await fetch(u, {
      method,
      headers: { 'x-api-key': env.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined } satisfies Reply3;
  };
  return {
    get: (path: string, query?: Record<string, unknown>) => send('GET', path, query),
    post: (path: string, body: object) => send('POST', path, {}, body),
    /** The emulator's own controls (`/_emulator/...`). */
    control: (method: 'GET' | 'POST', path: string, body?: object) => send(method, path, {}, body),
  };
}
