// A small real HTTP server on loopback for tests that need the other side of a request the emulator
// makes (a mini app's pages, its post_url, its webhook): it records every request and answers with
// what the test's handler returns.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { v2Operations } from '@castkit/sdk/2.x';
import { conformanceExceptions } from '../conformance-exceptions.js';
import { SpecValidator } from './spec-validator.js';

export interface Recorded {
  method: string;
  path: string;
  body: string;
}

export type Answer = {
  status?: number;
  type?: string;
  body: string | Buffer;
  headers?: Record<string, string>;
};

export async function startPages(handle: (req: Recorded) => Answer) {
  const requests: Recorded[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rec = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(rec);
    const a = handle(rec);
    res.writeHead(a.status ?? 200, { 'content-type': a.type ?? 'text/html', ...a.headers });
    res.end(a.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const v2Spec = new SpecValidator('neynar-v2.yaml');

/** Ajv's complaints about a v2 operation's 200 body ([] when it matches the spec), less the listed exceptions. */
export function specErrors(operation: keyof typeof v2Operations, body: unknown): string[] {
  const excused = conformanceExceptions[`v2 ${operation}`] ?? [];
  return v2Spec
    .errors(v2Operations[operation].id, body)
    .filter((e) => !excused.some((x) => e.includes(x.path)));
}
