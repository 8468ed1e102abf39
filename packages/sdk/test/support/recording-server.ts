// A real HTTP server on loopback that records every request and answers as each test tells it to.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  /** Raw query string (after `?`), exactly as sent. */
  rawQuery: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Responder = (req: Recorded, res: ServerResponse) => void;

export interface RecordingServer {
  url: string;
  requests: Recorded[];
  respond(handler: Responder): void;
  close(): Promise<void>;
}

export const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: Recorded[] = [];
  let handler: Responder = (_req, res) => json(res, 200, { ok: true });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [path = '', rawQuery = ''] = (req.url ?? '').split(/\?(.*)/s);
      const rec: Recorded = {
        method: req.method ?? '',
        path,
        rawQuery,
        query: new URLSearchParams(rawQuery),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(rec);
      handler(rec, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
