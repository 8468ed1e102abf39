// The pure half of the generated form: which input each parameter gets, and how the form's values
// (strings, booleans, token lists — all URL-serialisable) become the SDK's params object.
import {
  buildRequest,
  type OperationSpec,
  type ParamSpec,
  type PreparedRequest,
  RequiredError,
} from '@castkit/sdk/2.x';

export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

export type FieldKind =
  | 'enum'
  | 'boolean'
  | 'integer'
  | 'number'
  | 'tokens'
  | 'date'
  | 'json'
  | 'binary'
  | 'text';

const SCALAR_ITEMS = new Set(['string', 'integer', 'number', undefined]);

/** A parameter that takes a list of values (comma-joined, 3.x's repeated key, or a JSON array). */
export const isList = (p: ParamSpec) => p.type === 'csv' || p.type === 'multi' || p.type === 'array';

export function fieldKind(p: ParamSpec): FieldKind {
  if (p.enum && p.enum.length > 0) return 'enum';
  switch (p.type) {
    case 'boolean':
      return 'boolean';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'csv':
    case 'multi':
      return 'tokens';
    case 'array':
      return SCALAR_ITEMS.has(p.items) ? 'tokens' : 'json';
    case 'object':
    case 'any':
      return 'json';
    case 'date':
      return 'date';
    case 'binary':
      return 'binary';
    default:
      return 'text';
  }
}

/** Body parameters of a JSON body, the ones the raw JSON mode replaces. */
export const isJsonBodyParam = (op: OperationSpec, p: ParamSpec) =>
  p.in === 'body' && op.body?.kind === 'json';

export interface FormResult {
  params: Record<string, unknown>;
  /** Per parameter key (and `$body` for the raw JSON), the reason its value is not usable. */
  errors: Record<string, string>;
}

export const RAW_BODY = '$body';

export function toParams(op: OperationSpec, values: FormValues, rawBody?: string): FormResult {
  const params: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  const useRaw = rawBody !== undefined && op.body?.kind === 'json';
  for (const p of op.params) {
    if (useRaw && isJsonBodyParam(op, p)) continue;
    const value = values[p.key];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    const converted = convert(p, value);
    if ('error' in converted) errors[p.key] = converted.error;
    else params[p.key] = converted.value;
  }
  if (useRaw) {
    const parsed = parseJson(rawBody);
    if ('error' in parsed) errors[RAW_BODY] = parsed.error;
    else if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      errors[RAW_BODY] = 'The body must be a JSON object.';
    } else Object.assign(params, parsed.value);
  }
  return { params, errors };
}

type Converted = { value: unknown } | { error: string };

function convert(p: ParamSpec, value: FieldValue): Converted {
  switch (fieldKind(p)) {
    case 'boolean':
      return { value: value === true || value === 'true' };
    case 'integer':
    case 'number':
      return number(p, String(value));
    case 'enum': {
      const pick = (v: string) => p.enum!.find((e) => String(e) === v);
      if (isList(p)) {
        const items = Array.isArray(value) ? value : String(value).split(',');
        const bad = items.find((v) => pick(v) === undefined);
        return bad === undefined
          ? { value: items.map(pick) }
          : { error: `"${bad}" is not one of ${p.enum!.join(', ')}.` };
      }
      const match = pick(String(value));
      return match === undefined ? { error: `Choose one of ${p.enum!.join(', ')}.` } : { value: match };
    }
    case 'tokens':
      return tokens(p, Array.isArray(value) ? value : String(value).split(','));
    case 'date': {
      const d = new Date(String(value));
      return Number.isNaN(d.getTime()) ? { error: 'Not a valid date.' } : { value: d.toISOString() };
    }
    case 'json': {
      const parsed = parseJson(String(value));
      if ('error' in parsed) return parsed;
      if (p.type === 'array' && !Array.isArray(parsed.value)) return { error: 'Expected a JSON array.' };
      if (p.type === 'object' && (typeof parsed.value !== 'object' || Array.isArray(parsed.value))) {
        return { error: 'Expected a JSON object.' };
      }
      return parsed;
    }
    case 'binary':
      return hexBytes(String(value));
    default:
      return { value: String(value) };
  }
}

function number(p: ParamSpec, text: string): Converted {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(n)) return { error: 'Enter a number.' };
  if (p.type === 'integer' && !Number.isInteger(n)) return { error: 'Enter a whole number.' };
  if (p.minimum !== undefined && n < p.minimum) return { error: `Must be at least ${p.minimum}.` };
  if (p.maximum !== undefined && n > p.maximum) return { error: `Must be at most ${p.maximum}.` };
  return { value: n };
}

function tokens(p: ParamSpec, list: string[]): Converted {
  const items = list.map((t) => t.trim()).filter(Boolean);
  if (p.items !== 'integer' && p.items !== 'number') return { value: items };
  const numbers = items.map(Number);
  const bad = items.find((_, i) => !Number.isFinite(numbers[i]!));
  if (bad !== undefined) return { error: `"${bad}" is not a number.` };
  if (p.items === 'integer' && numbers.some((n) => !Number.isInteger(n)))
    return { error: 'Whole numbers only.' };
  return { value: numbers };
}

function parseJson(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    return { error: `Invalid JSON: ${(e as Error).message}` };
  }
}

/** Hub messages are protobuf bytes; the form takes them as hex so a link can carry them. */
function hexBytes(text: string): Converted {
  const hex = text.trim().replace(/^0x/i, '').replace(/\s+/g, '');
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) return { error: 'Enter bytes as hex (0x…).' };
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return { value: bytes };
}

/** The body of the structured fields as JSON text with the spec's names, to seed the raw mode. */
export function rawBodyFrom(op: OperationSpec, values: FormValues): string {
  const { params } = toParams(op, values);
  // The SDK's body when it can build one, so a whole-body parameter seeds its contents, not itself.
  try {
    const { body } = buildRequest(op, params, { baseUrl: '' });
    if (typeof body === 'string') return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // A required parameter is still empty: seed from the fields that are filled in.
  }
  const body: Record<string, unknown> = {};
  for (const p of op.params)
    if (isJsonBodyParam(op, p) && params[p.key] !== undefined) body[p.name] = params[p.key];
  return JSON.stringify(body, null, 2);
}

export type RequestCheck =
  | { ok: true; request: PreparedRequest; params: Record<string, unknown> }
  | {
      ok: false;
      message: string;
      field?: string;
      errors: Record<string, string>;
      /** Only a required value is missing: not worth flagging before the user tries to send. */
      missing?: true;
    };

export interface BuildContext {
  baseUrl: string;
  apiKey?: string;
}

/** Field checks first, then the SDK's own `buildRequest`: its RequiredError is the message shown. */
export function checkRequest(
  op: OperationSpec,
  values: FormValues,
  rawBody: string | undefined,
  ctx: BuildContext,
): RequestCheck {
  const { params, errors } = toParams(op, values, rawBody);
  const firstError = Object.entries(errors)[0];
  if (firstError) {
    const [field, message] = firstError;
    return { ok: false, message: `${labelOf(op, field)}: ${message}`, field, errors };
  }
  try {
    return { ok: true, request: buildRequest(op, params, ctx), params };
  } catch (e) {
    if (e instanceof RequiredError)
      return {
        ok: false,
        message: e.message,
        field: e.field,
        errors: { [e.field]: 'Required.' },
        missing: true,
      };
    return { ok: false, message: (e as Error).message, errors };
  }
}

const labelOf = (op: OperationSpec, key: string) =>
  key === RAW_BODY ? 'Body' : (op.params.find((p) => p.key === key)?.name ?? key);
