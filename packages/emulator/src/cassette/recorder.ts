// Writes a cassette (format.ts) as a session goes: a new file, its header line at once, then one
// line per finished exchange in a single write, so whatever stops the process leaves a file
// readCassette reads. Request headers are kept from an allow-list (no key, authorization or cookie
// can be written); the keys that passed through are also looked for in everything else written (an
// answer echoing one) and replaced.
import { closeSync, openSync, writeSync } from 'node:fs';
import { ConflictError } from '../ground/errors.js';
import {
  CASSETTE_FORMAT,
  CASSETTE_VERSION,
  type Exchange,
  encodeBody,
  exchangeLine,
  headerLine,
  keepsRequestHeader,
  keepsResponseHeader,
  recordedHeaders,
} from './format.js';

/** What a recorder is handed of one exchange, as the proxy saw it. */
export interface SeenExchange {
  method: string;
  /** The request URL's path and query, as the proxy received them. */
  url: URL;
  requestHeaders: Record<string, string | string[] | number | undefined>;
  requestBody: Uint8Array;
  status: number;
  responseHeaders: Record<string, string | string[] | number | undefined>;
  responseBody: Uint8Array;
}

/** What stands in a cassette where a secret was. */
export const REDACTED = '[redacted]';
/** Shorter values are not searched for in bodies: they would match ordinary text. */
const MIN_SECRET_LENGTH = 8;

export class CassetteRecorder {
  private seq = 0;
  private fd: number | undefined;
  private readonly secrets = new Set<string>();

  private constructor(
    fd: number,
    readonly file: string,
  ) {
    this.fd = fd;
  }

  /** Creates `file` (an existing one is refused: a 409) and writes the header line. */
  static create(file: string, upstream: string, now = new Date()): CassetteRecorder {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'EEXIST')
        throw new ConflictError(`${file} exists; a recording writes a new file`, 'file');
      throw error;
    }
    const recorder = new CassetteRecorder(fd, file);
    recorder.write(
      headerLine({
        format: CASSETTE_FORMAT,
        version: CASSETTE_VERSION,
        recordedAt: now.toISOString(),
        upstream: new URL(upstream).origin,
      }),
    );
    return recorder;
  }

  /** A value never to be written (a key that passed through). */
  keepSecret(value: string): void {
    if (value.length >= MIN_SECRET_LENGTH) this.secrets.add(value);
  }

  /**
   * Appends the exchange. A 401 is left out: it judged the caller's key, which is no part of a
   * request's match; a replaying server judges keys itself.
   */
  record(seen: SeenExchange): Exchange | undefined {
    if (seen.status === 401) return undefined;
    const exchange: Exchange = {
      seq: ++this.seq,
      request: {
        method: seen.method.toUpperCase(),
        path: seen.url.pathname,
        query: [...seen.url.searchParams],
        headers: recordedHeaders(seen.requestHeaders, keepsRequestHeader),
        ...encodeBody(seen.requestBody),
      },
      response: {
        status: seen.status,
        headers: recordedHeaders(seen.responseHeaders, keepsResponseHeader),
        ...encodeBody(seen.responseBody),
      },
    };
    this.write(this.redact(exchangeLine(exchange)));
    return exchange;
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  private redact(line: string): string {
    let out = line;
    for (const secret of this.secrets) {
      out = out.replaceAll(secret, REDACTED).replaceAll(JSON.stringify(secret).slice(1, -1), REDACTED);
    }
    return out;
  }

  private write(line: string): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, line);
  }
}
