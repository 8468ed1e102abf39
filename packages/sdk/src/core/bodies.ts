// How each kind of request body is built from its parameters. A table entry names its encoder, so
// a program that calls only body-less operations carries none of this in its bundle.
import { type BinaryBody, isBinaryBody } from './body.js';
import { CastkitError } from './errors.js';
import type { KeyShape, OperationSpec, ParamSpec } from './operation.js';

type Params = Record<string, unknown>;

export interface BodyEncoder {
  /**
   * For a body with an `idem` field: the params with a fresh key when the caller gave none, so every
   * attempt carries the same one and the write may be retried like a read. Undefined otherwise.
   */
  withIdem?(op: OperationSpec, params: Params | undefined): Params | undefined;
  /** Reads the caller's params into the flat form the parameters answer to (before required checks). */
  unwrap?(op: OperationSpec, params: Params): Params;
  /**
   * The body from the body parameters that have a value (`fields`), and `input` for fields the table
   * does not know; `known` holds every key and name the table does. Undefined when there is no body.
   */
  encode(
    op: OperationSpec,
    fields: readonly (readonly [ParamSpec, unknown])[],
    input: Params,
    known: ReadonlySet<string>,
  ): { body: string | BinaryBody | FormData; type?: string } | undefined;
}

export const jsonBody: BodyEncoder = {
  withIdem(op, params) {
    if (!takesIdem(op)) return undefined;
    return params?.idem == null ? { ...params, idem: freshIdem() } : params;
  },
  /**
   * `{ postCastReqBody: {...} }` (the body under its wrapper key, as the established SDK passes some
   * bodies) becomes the flat form; the body's fields carry spec names, which parameters answer to.
   */
  unwrap(op, params) {
    const key = op.body?.wrapper;
    const wrapped = key === undefined ? undefined : params[key];
    if (key === undefined || wrapped === undefined) return params;
    if (wrapped === null || typeof wrapped !== 'object' || Array.isArray(wrapped)) {
      throw new CastkitError(`${key} of ${op.name} must be an object (the whole request body).`);
    }
    const { [key]: _, ...rest } = params;
    // A body the spec declares no fields for is one parameter; otherwise each field is its own, and
    // the body's own value wins over the same name beside it (a key the pipeline adds, like `idem`).
    const whole = op.params.find((p) => p.whole);
    return whole ? { ...rest, [whole.key]: wrapped } : { ...rest, ...(wrapped as Params) };
  },
  encode(op, fields, input, known) {
    const json: Params = {};
    for (const [p, value] of fields) {
      if (!p.whole) json[p.name] = toSpecKeys(value, p.shape);
      else if (typeof value !== 'object' || Array.isArray(value)) {
        throw new CastkitError(`${p.key} of ${op.name} must be an object (the whole request body).`);
      } else Object.assign(json, value);
    }
    // Fields the table does not know yet (the API grew a field) still reach the body, in spec casing.
    for (const [k, v] of Object.entries(input)) {
      if (!known.has(k) && v !== undefined) json[snake(k)] = v;
    }
    return { body: JSON.stringify(json), type: 'application/json' };
  },
};

export const binaryBody: BodyEncoder = {
  encode(op, fields) {
    const [field] = fields;
    if (!field) return undefined;
    const [p, value] = field;
    if (!isBinaryBody(value)) {
      throw new CastkitError(
        `${p.key} of ${op.name} must be a Uint8Array, Buffer, ArrayBuffer or Blob, got ${typeof value}.`,
      );
    }
    // Set explicitly so a Blob's own MIME type can never take its place.
    return { body: value, type: 'application/octet-stream' };
  },
};

export const multipartBody: BodyEncoder = {
  encode(_op, fields) {
    const fd = new FormData();
    for (const [p, value] of fields) {
      if (isBinaryBody(value))
        fd.append(p.name, value instanceof Blob ? value : new Blob([value as BlobPart]));
      else fd.append(p.name, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    return { body: fd }; // the transport sets the multipart boundary
  },
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (name: string) =>
  name.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');

/** Renames nested camelCase keys to the names the spec declares; unknown keys pass through untouched. */
function toSpecKeys(value: unknown, shape: KeyShape | undefined): unknown {
  if (!shape || value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => toSpecKeys(v, shape));
  const out: Params = {};
  for (const [k, v] of Object.entries(value as Params)) {
    const specName = k in shape ? k : Object.keys(shape).find((s) => camel(s) === k);
    if (specName === undefined) out[k] = v;
    else {
      const child = shape[specName];
      out[specName] = child ? toSpecKeys(v, child) : v;
    }
  }
  return out;
}

const declaresIdem = new WeakMap<OperationSpec, boolean>();

/** Whether the operation's JSON body has an `idem` field. */
function takesIdem(op: OperationSpec): boolean {
  let yes = declaresIdem.get(op);
  if (yes === undefined) {
    yes = op.params.some((p) => p.in === 'body' && p.name === 'idem');
    declaresIdem.set(op, yes);
  }
  return yes;
}

/**
 * A fresh key in the form the spec recommends: 16 characters, here hex from a random UUID. Browsers
 * offer randomUUID only on secure origins; elsewhere the same bytes come from getRandomValues.
 */
function freshIdem(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '').slice(0, 16);
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}
