// Writing answers: JSON bodies (encoded once, with shared objects spliced in by edge/json.ts).
import type { ServerResponse } from 'node:http';
import { toJsonBytes } from './json.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonHeaders(
  bytes: Buffer,
  headers?: Record<string, string>,
): Record<string, string | number> {
  return { 'content-type': JSON_TYPE, 'content-length': bytes.length, ...headers };
}

/** A JSON answer; `undefined` sends no body. Does nothing once an answer has started. */
export function send(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) {
  if (res.headersSent) return;
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const bytes = toJsonBytes(body);
  res.writeHead(status, jsonHeaders(bytes, headers));
  res.end(bytes);
}
