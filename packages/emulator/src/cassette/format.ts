// A cassette: the exchanges `castkit dev --upstream URL --record FILE` forwarded, as JSON lines. The
// first line says what the file is and which version of the format it follows; each further line is
// one exchange, appended once its answer has ended, so a session cut off at any point leaves every
// finished exchange readable (a torn last line is dropped when read). Keys come in a fixed order and
// headers sorted by name, so two recordings of one session differ only where the answers did.
// Version 1 is this file; a reader refuses a higher one rather than guess.

export const CASSETTE_FORMAT = 'castkit-cassette';
export const CASSETTE_VERSION = 1;

export interface CassetteHeader {
  format: typeof CASSETTE_FORMAT;
  version: number;
  /** When the recording started, ISO 8601. */
  recordedAt: string;
  /** The upstream's origin. */
  upstream: string;
}

/** Header names in lower case; a repeated header keeps its values in order. */
export type HeaderMap = Record<string, string | string[]>;

/** A body as UTF-8 text, or as base64 when its bytes are not UTF-8. */
export type RecordedBody = { body: string } | { bodyBase64: string };

export type RecordedRequest = {
  method: string;
  /** The path as sent: percent-encoding and a trailing slash kept. */
  path: string;
  /** The query's name-value pairs, decoded, in the order sent. */
  query: [string, string][];
  /** Only the headers that select the answer (RECORDED_REQUEST_HEADERS). */
  headers: HeaderMap;
} & RecordedBody;

export type RecordedResponse = {
  status: number;
  headers: HeaderMap;
} & RecordedBody;

export interface Exchange {
  /** 1, 2, ...: the order the answers ended in. */
  seq: number;
  request: RecordedRequest;
  response: RecordedResponse;
}

/**
 * Request headers a cassette keeps: the body's type and the header parameters of the specs that
 * change an answer. Nothing else is written, so no key, authorization or cookie can be.
 */
export const RECORDED_REQUEST_HEADERS: readonly string[] = [
  'content-type',
  'x-neynar-experimental',
  'x-wallet-id',
];

/** Of those, the ones a replay matches on (the body's type is judged by the body itself). */
export const MATCHED_REQUEST_HEADERS: readonly string[] = ['x-neynar-experimental', 'x-wallet-id'];

/**
 * Answer headers a cassette leaves out: what the replaying server sets itself (length, date, its
 * framing and CSP), cookies, and CORS grants.
 */
const UNRECORDED_RESPONSE_HEADERS = new Set([
  'connection',
  'content-length',
  'content-security-policy',
  'date',
  'keep-alive',
  'set-cookie',
  'transfer-encoding',
  'x-frame-options',
]);

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function encodeBody(bytes: Uint8Array): RecordedBody {
  try {
    return { body: utf8.decode(bytes) };
  } catch {
    return { bodyBase64: Buffer.from(bytes).toString('base64') };
  }
}

export function bodyBytes(recorded: RecordedBody): Buffer {
  return 'body' in recorded ? Buffer.from(recorded.body, 'utf8') : Buffer.from(recorded.bodyBase64, 'base64');
}

/** The headers of `from` a cassette keeps, names lower-cased and sorted. */
export function recordedHeaders(
  from: Record<string, string | string[] | number | undefined>,
  keep: (name: string) => boolean,
): HeaderMap {
  const out: HeaderMap = {};
  const entries: [string, string | string[] | number | undefined][] = Object.entries(from).map(
    ([name, value]) => [name.toLowerCase(), value],
  );
  for (const [name, value] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value === undefined || !keep(name)) continue;
    out[name] = Array.isArray(value) ? [...value] : String(value);
  }
  return out;
}

export const keepsRequestHeader = (name: string): boolean => RECORDED_REQUEST_HEADERS.includes(name);

export const keepsResponseHeader = (name: string): boolean =>
  !UNRECORDED_RESPONSE_HEADERS.has(name) && !name.startsWith('access-control-') && !name.startsWith('proxy-');

export function headerLine(header: CassetteHeader): string {
  return `${JSON.stringify({
    format: header.format,
    version: header.version,
    recordedAt: header.recordedAt,
    upstream: header.upstream,
  })}\n`;
}

/** One exchange as its line, keys in the documented order. */
export function exchangeLine(exchange: Exchange): string {
  const { request: q, response: r } = exchange;
  return `${JSON.stringify({
    seq: exchange.seq,
    request: { method: q.method, path: q.path, query: q.query, headers: q.headers, ...bodyField(q) },
    response: { status: r.status, headers: r.headers, ...bodyField(r) },
  })}\n`;
}

const bodyField = (b: RecordedBody): RecordedBody =>
  'body' in b ? { body: b.body } : { bodyBase64: b.bodyBase64 };
