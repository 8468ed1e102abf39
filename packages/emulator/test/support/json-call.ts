// The emulator's API and controls called as a script calls them: JSON in, status and JSON out.

/** What a call reaches: read when called, so a test may start its emulator in a hook after this is made. */
export type Target = () => { url: string; apiKey: string };

/** `call(method, path, body?)` on `target`'s emulator; an empty answer's body is undefined. */
export function jsonCaller(target: Target) {
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const { url, apiKey } = target();
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}
