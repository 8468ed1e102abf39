// A TCP server on loopback that answers each HTTP request with whatever raw bytes a test writes:
// the way to send a response that a well-behaved HTTP server never would (cut short, reset).

import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';

/** Called once per request head received; writes (or withholds) the answer on the socket. */
export type RawResponder = (socket: Socket, head: string) => void;

export interface RawServer {
  url: string;
  /** Request heads received, in order. */
  heads: string[];
  respond(handler: RawResponder): void;
  close(): Promise<void>;
}

export async function startRawServer(): Promise<RawServer> {
  const heads: string[] = [];
  const sockets = new Set<Socket>();
  let handler: RawResponder = (socket) => socket.end('HTTP/1.1 204 No Content\r\n\r\n');
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let pending = '';
    socket.on('data', (data) => {
      pending += data.toString('latin1');
      // The SDK's requests under test carry no body, so a request ends with its head.
      for (let end = pending.indexOf('\r\n\r\n'); end !== -1; end = pending.indexOf('\r\n\r\n')) {
        const head = pending.slice(0, end);
        pending = pending.slice(end + 4);
        heads.push(head);
        handler(socket, head);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    heads,
    respond(h) {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An HTTP/1.1 response head from a status line and headers. */
export function head(status: string, headers: Record<string, string | number>): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return `HTTP/1.1 ${status}\r\n${lines.join('')}\r\n`;
}

/** One chunk of a chunked body (the size line, the bytes, the CRLF). */
export function chunk(bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
}
