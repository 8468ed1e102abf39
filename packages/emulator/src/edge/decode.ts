// Body bytes → the value a route's handler receives, per the route's BodyKind: the content type is
// checked (415 naming it), JSON nesting is bounded before JSON.parse or anything recursive sees it,
// and syntax errors become 400s.
import { UnsupportedMediaTypeError, ValidationError } from '../ground/errors.js';
import { isRecord } from '../ground/is-record.js';
import { parseMultipart } from './multipart.js';
import type { BodyKind } from './router.js';

/** Deeper JSON than any request of either API has; bounds what parsing and handlers walk. */
export const MAX_JSON_DEPTH = 64;

/** The media type of a Content-Type header: lower-cased, without parameters (charset etc.). */
const mediaType = (header: string | undefined) => (header ?? '').split(';', 1)[0]!.trim().toLowerCase();

const isJsonType = (type: string) =>
  type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));

function requireType(type: string, expected: string, what: string): void {
  if (type === expected) return;
  throw new UnsupportedMediaTypeError(
    `content-type must be ${expected} for ${what}, got ${type ? `"${type}"` : 'none'}`,
  );
}

export function decodeBody(
  kind: BodyKind,
  bytes: Buffer,
  contentType: string | undefined,
  maxDepth = MAX_JSON_DEPTH,
): unknown {
  switch (kind) {
    case 'none':
    case 'stream':
      return undefined;
    case 'raw':
      return bytes;
    case 'binary':
      if (bytes.length)
        requireType(mediaType(contentType), 'application/octet-stream', 'protobuf message bytes');
      return bytes;
    case 'multipart':
      // No body at all reads as an empty form, so the missing required fields are what a 400 names.
      if (!bytes.length) return {};
      requireType(mediaType(contentType), 'multipart/form-data', 'this form');
      return parseMultipart(bytes, contentType!);
    case 'json':
      return jsonObject(bytes, contentType, maxDepth);
  }
}

/** An empty body is an empty object: operations whose fields are all optional may send none. */
function jsonObject(
  bytes: Buffer,
  contentType: string | undefined,
  maxDepth: number,
): Record<string, unknown> {
  if (bytes.length === 0) return {};
  const type = mediaType(contentType);
  if (!isJsonType(type)) {
    throw new UnsupportedMediaTypeError(
      `content-type must be application/json for a JSON body, got ${type ? `"${type}"` : 'none'}`,
    );
  }
  const at = tooDeepAt(bytes, maxDepth);
  if (at >= 0) {
    const path = pathAt(bytes, at);
    throw new ValidationError(
      `the request body nests deeper than ${maxDepth} levels at ${path}`,
      path.startsWith('[') ? 'body' : path,
      'InvalidField',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ValidationError('request body is not valid JSON', undefined, 'InvalidJson');
  }
  if (!isRecord(parsed)) {
    throw new ValidationError('request body must be a JSON object', undefined, 'InvalidJson');
  }
  return parsed;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Byte offset of the first container nested deeper than `max`, or -1. A loop: no stack to exhaust. */
export function tooDeepAt(bytes: Uint8Array, max: number): number {
  // Fewer bytes than levels cannot nest that deep.
  if (bytes.length <= max) return -1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return i;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return -1;
}

/** Segments of a path shown before eliding the rest: enough to find the field, short to read. */
const SHOWN_SEGMENTS = 6;
const SHOWN_KEY_CHARS = 40;

interface Frame {
  array: boolean;
  index: number;
  key: string;
  expectKey: boolean;
}

/** The path (`embeds[0].x...`) of the container at byte `at`, read without recursion. */
export function pathAt(bytes: Uint8Array, at: number): string {
  const frames: Frame[] = [];
  let stringStart = -1;
  for (let i = 0; i < at; i++) {
    const c = bytes[i]!;
    const top = frames[frames.length - 1];
    if (stringStart >= 0) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        if (top && !top.array && top.expectKey) {
          top.key = keyText(bytes, stringStart, i);
          top.expectKey = false;
        }
        stringStart = -1;
      }
    } else if (c === QUOTE) stringStart = i;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      frames.push({ array: c === OPEN_ARRAY, index: 0, key: '', expectKey: c === OPEN_OBJECT });
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) frames.pop();
    else if (c === COMMA && top) {
      if (top.array) top.index++;
      else top.expectKey = true;
    } else if (c === COLON && top && !top.array) top.expectKey = false;
  }
  const segments = frames.map((f) => (f.array ? `[${f.index}]` : `.${f.key}`));
  const shown = segments.slice(0, SHOWN_SEGMENTS).join('').replace(/^\./, '');
  return segments.length > SHOWN_SEGMENTS ? `${shown}...` : shown;
}

function keyText(bytes: Uint8Array, open: number, close: number): string {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset + open, close - open + 1).toString('utf8');
  let key = raw.slice(1, -1);
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') key = parsed;
  } catch {}
  return key.length > SHOWN_KEY_CHARS ? `${key.slice(0, SHOWN_KEY_CHARS)}…` : key;
}
