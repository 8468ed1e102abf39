// HTTP as browsers and attackers send it, which fetch will not: any Host, Origin and Sec-Fetch-*
// headers, chunked bodies, and request lines no client library would write.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json(): any;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** Send the body in 64 KiB chunks without Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

/** One request on a connection of its own; rejects on a connection error (ECONNRESET etc.). */
export function request(base: string, path: string, init: RequestInit = {}): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const headers: Record<string, string | number> = { ...init.headers };
    if (body && !init.chunked) headers['content-length'] = body.length;
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: init.method ?? 'GET', path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    if (body && init.chunked) {
      for (let i = 0; i < body.length; i += 65536) req.write(body.subarray(i, i + 65536));
      req.end();
    } else req.end(body);
  });
}

/** Writes `head` (request line and headers, CRLF-separated, without the blank line) as it is. */
export function rawRequest(base: string, head: string): Promise<{ status: number; text: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = '';
    socket.on('data', (c) => {
      text += c;
    });
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
  });
}
