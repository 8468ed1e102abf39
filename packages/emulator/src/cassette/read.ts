// Reading a cassette (format.ts) back: every line checked, so a file that is no cassette, one from a
// newer castkit, or a damaged line is refused with a sentence naming the file and the line, never
// half-loaded. A last line without its newline is what an interrupted recording leaves: dropped.
import { existsSync, readFileSync } from 'node:fs';
import { ValidationError } from '../ground/errors.js';
import {
  CASSETTE_FORMAT,
  CASSETTE_VERSION,
  type CassetteHeader,
  type Exchange,
  type HeaderMap,
  type RecordedBody,
  type RecordedRequest,
  type RecordedResponse,
} from './format.js';

export interface Cassette {
  header: CassetteHeader;
  exchanges: Exchange[];
  /** Whether a torn last line (an interrupted recording) was dropped. */
  torn: boolean;
}

/** The property a refusal names, so a command can say which flag was at fault. */
export const CASSETTE_PROPERTY = 'cassette';

const refuse = (message: string) => new ValidationError(message, CASSETTE_PROPERTY);

export function readCassette(file: string): Cassette {
  if (!existsSync(file)) throw refuse(`no cassette file ${file}`);
  return parseCassette(readFileSync(file, 'utf8'), file);
}

export function parseCassette(text: string, file: string): Cassette {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const header = headerOf(lines[0] ?? '', file);
  const exchanges: Exchange[] = [];
  let torn = false;
  for (let i = 1; i < lines.length; i++) {
    const exchange = exchangeOf(parseLine(lines[i]!));
    if (exchange) {
      exchanges.push(exchange);
      continue;
    }
    // What an interrupted recording leaves: its last line cut short, without the newline.
    if (i === lines.length - 1 && !text.endsWith('\n')) {
      torn = true;
      break;
    }
    throw refuse(`${file}:${i + 1} is not a recorded exchange of a castkit cassette`);
  }
  return { header, exchanges, torn };
}

function headerOf(line: string, file: string): CassetteHeader {
  const value = parseLine(line);
  if (!isObject(value) || value.format !== CASSETTE_FORMAT) {
    throw refuse(`${file} is not a castkit cassette (its first line names no ${CASSETTE_FORMAT} format)`);
  }
  const { version, recordedAt, upstream } = value;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw refuse(`${file} is a castkit cassette without a valid format version`);
  }
  if (version > CASSETTE_VERSION) {
    throw refuse(
      `${file} is a cassette of format version ${version}; this castkit reads version ${CASSETTE_VERSION}: upgrade castkit to replay it`,
    );
  }
  return {
    format: CASSETTE_FORMAT,
    version,
    recordedAt: typeof recordedAt === 'string' ? recordedAt : '',
    upstream: typeof upstream === 'string' ? upstream : '',
  };
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function exchangeOf(value: unknown): Exchange | undefined {
  if (!isObject(value) || !isCount(value.seq)) return undefined;
  const request = requestOf(value.request);
  const response = responseOf(value.response);
  return request && response ? { seq: value.seq, request, response } : undefined;
}

function requestOf(value: unknown): RecordedRequest | undefined {
  if (!isObject(value)) return undefined;
  const { method, path, query, headers } = value;
  const body = bodyOf(value);
  if (typeof method !== 'string' || typeof path !== 'string' || !path.startsWith('/')) return undefined;
  if (!Array.isArray(query) || !query.every(isPair) || !isHeaders(headers) || !body) return undefined;
  return { method, path, query: query.map((p): [string, string] => [p[0], p[1]]), headers, ...body };
}

function responseOf(value: unknown): RecordedResponse | undefined {
  if (!isObject(value)) return undefined;
  const { status, headers } = value;
  const body = bodyOf(value);
  if (!isCount(status) || status < 100 || status > 599 || !isHeaders(headers) || !body) return undefined;
  return { status, headers, ...body };
}

function bodyOf(value: Record<string, unknown>): RecordedBody | undefined {
  if (typeof value.body === 'string') return { body: value.body };
  if (typeof value.bodyBase64 === 'string') return { bodyBase64: value.bodyBase64 };
  return undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

const isPair = (v: unknown): v is [string, string] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string';

function isHeaders(v: unknown): v is HeaderMap {
  if (!isObject(v)) return false;
  return Object.values(v).every(
    (h) => typeof h === 'string' || (Array.isArray(h) && h.every((x) => typeof x === 'string')),
  );
}
