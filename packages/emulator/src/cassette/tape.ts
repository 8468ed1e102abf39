// Which recorded answer a request gets on replay. A request matches an exchange when these are
// equal: the method; the path as sent (a trailing slash is part of it); the query as a set of
// name-value pairs (order does not matter, repeats do); the headers that select an answer
// (MATCHED_REQUEST_HEADERS); and the body (JSON compared as data, key order aside, and without its
// top-level `idem`, the idempotency key clients make afresh for every call; other bodies byte for
// byte). Identical requests get the recorded answers in the order recorded, then the last
// one again for every further call; rewind() starts each sequence over.
import { bodyBytes, type Exchange, MATCHED_REQUEST_HEADERS, type RecordedResponse } from './format.js';

/** A request as a replaying server sees it. */
export interface ReplayRequest {
  method: string;
  path: string;
  query: Iterable<[string, string]>;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
}

interface Sequence {
  answers: RecordedResponse[];
  next: number;
}

export class Tape {
  private readonly sequences = new Map<string, Sequence>();

  constructor(readonly exchanges: readonly Exchange[]) {
    for (const { request, response } of exchanges) {
      const key = matchKey({
        method: request.method,
        path: request.path,
        query: request.query,
        headers: request.headers,
        body: bodyBytes(request),
      });
      const sequence = this.sequences.get(key);
      if (sequence) sequence.answers.push(response);
      else this.sequences.set(key, { answers: [response], next: 0 });
    }
  }

  /** The next recorded answer to this request, or undefined when the cassette has none. */
  take(request: ReplayRequest): RecordedResponse | undefined {
    const sequence = this.sequences.get(matchKey(request));
    if (!sequence) return undefined;
    const answer = sequence.answers[Math.min(sequence.next, sequence.answers.length - 1)];
    sequence.next++;
    return answer;
  }

  rewind(): void {
    for (const sequence of this.sequences.values()) sequence.next = 0;
  }

  /** Each recorded method and path once, in the order first recorded. */
  routes(): { method: string; path: string }[] {
    const seen = new Map<string, { method: string; path: string }>();
    for (const { request } of this.exchanges) {
      const key = `${request.method} ${request.path}`;
      if (!seen.has(key)) seen.set(key, { method: request.method, path: request.path });
    }
    return [...seen.values()];
  }
}

/** `GET /v2/path?name=value` (the query as sent): how a replay's 404 names what it does not hold. */
export function describeRequest(method: string, path: string, search: string): string {
  return `${method.toUpperCase()} ${path}${search}`;
}

export function matchKey(request: ReplayRequest): string {
  const query = [...request.query].sort(([a, x], [b, y]) => compare(a, b) || compare(x, y));
  const headers = MATCHED_REQUEST_HEADERS.map((name) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  });
  return JSON.stringify([request.method.toUpperCase(), request.path, query, headers, bodyKey(request.body)]);
}

function bodyKey(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('utf8');
  if (!text) return '';
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return `bytes:${Buffer.from(bytes).toString('base64')}`;
  }
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) Reflect.deleteProperty(data, 'idem');
  return `json:${JSON.stringify(sorted(data))}`;
}

/** JSON with every object's keys in order, so two encodings of the same data compare equal. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sorted(Reflect.get(value, key));
  return out;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
