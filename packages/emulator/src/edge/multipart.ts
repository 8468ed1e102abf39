// multipart/form-data (RFC 7578) request bodies, read whole from the bytes body.ts already bounded:
// every part named once, text fields as UTF-8 strings, file fields as their bytes with filename and
// type. Anything malformed is a 400 saying what; the counts below bound the work a body can cause.
import { ValidationError } from '../ground/errors.js';
import { isRecord } from '../ground/is-record.js';

export interface FormFile {
  filename: string;
  type: string;
  bytes: Buffer;
}

export const isFormFile = (value: unknown): value is FormFile =>
  isRecord(value) &&
  typeof value.filename === 'string' &&
  typeof value.type === 'string' &&
  Buffer.isBuffer(value.bytes);

/** A form's fields by name: text as a string, file parts as FormFile. */
export type FormBody = Record<string, string | FormFile>;

/** More parts than any operation declares fields, with room; each part's headers stay small. */
export const MAX_PARTS = 64;
const MAX_PART_HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

const malformed = (why: string) =>
  new ValidationError(`multipart body is malformed: ${why}`, 'body', 'InvalidField');

/** The boundary parameter of a multipart/form-data Content-Type (RFC 2046: 1-70 characters). */
export function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw malformed('content-type multipart/form-data has no boundary parameter');
  return boundary;
}

export function parseMultipart(bytes: Buffer, contentType: string): FormBody {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const form: FormBody = Object.create(null);
  let at = bytes.indexOf(delimiter);
  if (at < 0) throw malformed('the boundary never occurs in the body');
  let parts = 0;
  for (;;) {
    at += delimiter.length;
    // `--` after a delimiter closes the form; whatever follows is an epilogue and is ignored.
    if (bytes[at] === 0x2d && bytes[at + 1] === 0x2d) return form;
    if (!bytes.subarray(at, at + 2).equals(CRLF)) throw malformed('a boundary line does not end with CRLF');
    at += 2;
    if (++parts > MAX_PARTS) throw malformed(`more than ${MAX_PARTS} parts`);
    const headerEnd = bytes.indexOf(HEADER_END, at);
    if (headerEnd < 0 || headerEnd - at > MAX_PART_HEADER_BYTES)
      throw malformed(`part ${parts} has no end of headers within ${MAX_PART_HEADER_BYTES} bytes`);
    const headers = partHeaders(bytes.subarray(at, headerEnd).toString('utf8'), parts);
    const start = headerEnd + HEADER_END.length;
    const next = bytes.indexOf(Buffer.concat([CRLF, delimiter]), start);
    if (next < 0) throw malformed(`part ${parts} ("${headers.name}") is not closed by the boundary`);
    const content = bytes.subarray(start, next);
    if (headers.name in form) throw malformed(`field "${headers.name}" occurs more than once`);
    form[headers.name] =
      headers.filename !== undefined
        ? { filename: headers.filename, type: headers.type, bytes: Buffer.from(content) }
        : content.toString('utf8');
    at = next + CRLF.length;
  }
}

function partHeaders(text: string, n: number): { name: string; filename?: string; type: string } {
  let disposition: string | undefined;
  let type = 'text/plain';
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformed(`part ${n} has a header line without a name: "${line.slice(0, 40)}"`);
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type') type = value.split(';', 1)[0]!.trim().toLowerCase();
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition))
    throw malformed(`part ${n} has no Content-Disposition: form-data header`);
  const name = dispositionParam(disposition, 'name');
  if (!name) throw malformed(`part ${n} has no field name`);
  return { name, filename: dispositionParam(disposition, 'filename'), type };
}

/** A quoted or bare parameter of Content-Disposition (`name="metadata[media]"`). */
function dispositionParam(disposition: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s;]+))`, 'i').exec(disposition);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}
