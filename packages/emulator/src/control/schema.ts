// A small schema language for the developer controls' declaration (routes.ts): one value both
// checks JSON at run time and gives its TypeScript type, so the server parses requests, the client
// checks answers and both sides compile against the same shapes. No dependencies and nothing of
// Node: the console bundles it. A schema has two types: `In`, what a client sends (a time as a
// number or an ISO string), and `Out`, what a reader gets once it is parsed (unix ms).

/** What a schema refuses: the field at fault (`to`, `attempt_log[0].error`) and why. */
export class SchemaError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'SchemaError';
  }
}

/** A message, or one made from the field's name. */
export type Message = string | ((field: string) => string);

export interface Schema<Out, In = Out> {
  /** Checks `value`, found at `field`, and returns it as its reader sees it; throws SchemaError. */
  parse(value: unknown, field: string): Out;
  /** May be left out of its object (a client need not send it). */
  readonly optional: boolean;
  /** What an object says when this field is left out and may not be. */
  readonly missing?: Message;
  /** Types only, never set: what a client sends and what a reader gets. */
  readonly types?: { in: In; out: Out };
}

/** What a schema's reader gets. */
export type Infer<S> = S extends { readonly types?: { out: infer O } } ? O : never;
/** What a client sends for a schema. */
export type InputOf<S> = S extends { readonly types?: { in: infer I } } ? I : never;

type AnySchema = Schema<unknown, unknown>;
type Shape = { readonly [key: string]: AnySchema };
type Simplify<T> = { [K in keyof T]: T[K] } & {};

type OptionalIn<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];
type OptionalOut<S extends Shape> = { [K in keyof S]: undefined extends Infer<S[K]> ? K : never }[keyof S];
export type ObjectIn<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalIn<S>>]: InputOf<S[K]> } & { [K in OptionalIn<S>]?: InputOf<S[K]> }
>;
export type ObjectOut<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalOut<S>>]: Infer<S[K]> } & { [K in OptionalOut<S>]?: Infer<S[K]> }
>;

const say = (message: Message, field: string) => (typeof message === 'function' ? message(field) : message);
const refuse = (field: string, message: Message | undefined, fallback: string) =>
  new SchemaError(field, say(message ?? fallback, field));
/** `field` for messages: the top of a value is named by what holds it. */
const named = (field: string) => field || 'value';

/** A schema from a parse function (what the builders below are made of). */
export function custom<Out, In = Out>(parse: (value: unknown, field: string) => Out): Schema<Out, In> {
  return { parse, optional: false };
}

export const unknown = (): Schema<unknown> => custom((v) => v);

export function string(o: { message?: Message; nonEmpty?: boolean } = {}): Schema<string> {
  return custom((v, field) => {
    if (typeof v !== 'string' || (o.nonEmpty && v === ''))
      throw refuse(field, o.message, `${named(field)} must be a${o.nonEmpty ? ' non-empty' : ''} string`);
    return v;
  });
}

export function boolean(o: { message?: Message } = {}): Schema<boolean> {
  return custom((v, field) => {
    if (typeof v !== 'boolean') throw refuse(field, o.message, `${named(field)} must be true or false`);
    return v;
  });
}

interface NumberOptions {
  message?: Message;
  integer?: boolean;
  min?: number;
  max?: number;
  /** Also take a number written as text (a path segment, a query value), read as `Number` reads it. */
  text?: boolean;
}

/** A finite number, within `min`..`max` when given. */
export function number(o: NumberOptions = {}): Schema<number> {
  return custom((v, field) => {
    const n = o.text && typeof v === 'string' ? Number(v) : v;
    if (
      typeof n !== 'number' ||
      !Number.isFinite(n) ||
      (o.integer && !Number.isInteger(n)) ||
      (o.min !== undefined && n < o.min) ||
      (o.max !== undefined && n > o.max)
    ) {
      const range =
        o.min !== undefined && o.max !== undefined
          ? ` from ${o.min} to ${o.max}`
          : o.min !== undefined
            ? ` of ${o.min} or more`
            : '';
      throw refuse(
        field,
        o.message,
        `${named(field)} must be ${o.integer ? 'an integer' : 'a number'}${range}`,
      );
    }
    return n;
  });
}

/** A number written as text is its own type on the client's side: what it sends is a number. */
export const integer = (o: Omit<NumberOptions, 'integer'> = {}) => number({ ...o, integer: true });

/** One of `values`. */
export function oneOf<const T extends string | number>(
  values: readonly T[],
  o: { message?: Message } = {},
): Schema<T> {
  const isOne = (v: unknown): v is T => values.some((x) => x === v);
  return custom((v, field) => {
    if (!isOne(v)) throw refuse(field, o.message, `${named(field)} must be one of ${values.join(', ')}`);
    return v;
  });
}

export function literal<const T extends string | number | boolean>(value: T): Schema<T> {
  return custom((v, field) => {
    if (v !== value) throw new SchemaError(field, `${named(field)} must be ${JSON.stringify(value)}`);
    return value;
  });
}

export function nullable<Out, In>(s: Schema<Out, In>): Schema<Out | null, In | null> {
  return { ...s, parse: (v, field) => (v === null ? null : s.parse(v, field)) };
}

/** May be left out of its object: absent (undefined) in what the reader gets. */
export function optional<Out, In>(
  s: Schema<Out, In>,
): Schema<Out | undefined, In | undefined> & { optional: true } {
  return { ...s, optional: true, parse: (v, field) => (v === undefined ? undefined : s.parse(v, field)) };
}

/** May be left out; the reader then gets `fallback`. */
export function withDefault<Out, In>(
  s: Schema<Out, In>,
  fallback: Out,
): Schema<Out, In> & { optional: true } {
  return { ...s, optional: true, parse: (v, field) => (v === undefined ? fallback : s.parse(v, field)) };
}

/** Says `message` when its object leaves it out, instead of `<field> is required`. */
export function required<Out, In>(s: Schema<Out, In>, message: Message): Schema<Out, In> {
  return { ...s, missing: message };
}

export function array<Out, In>(item: Schema<Out, In>, o: { message?: Message } = {}): Schema<Out[], In[]> {
  return custom((v, field) => {
    if (!Array.isArray(v)) throw refuse(field, o.message, `${named(field)} must be an array`);
    return v.map((x, i) => {
      try {
        return item.parse(x, `${field}[${i}]`);
      } catch (e) {
        // An item's own message names the item; a caller's message names the whole array.
        if (e instanceof SchemaError && o.message) throw refuse(field, o.message, '');
        throw e;
      }
    });
  });
}

/** An object of string keys, each value `value`'s. */
export function record<Out, In>(value: Schema<Out, In>): Schema<Record<string, Out>, Record<string, In>> {
  return custom((v, field) => {
    const out: Record<string, Out> = {};
    for (const [k, x] of Object.entries(plain(v, field, undefined))) out[k] = value.parse(x, join(field, k));
    return out;
  });
}

/** `a` if it takes the value, else `b` (for answers: a request's message would be vague). */
export function union<A, AI, B, BI>(a: Schema<A, AI>, b: Schema<B, BI>): Schema<A | B, AI | BI> {
  return custom((v, field) => {
    try {
      return a.parse(v, field);
    } catch {
      return b.parse(v, field);
    }
  });
}

interface ObjectOptions<O> {
  /** Said when the value is not a JSON object. */
  message?: Message;
  /** Keys the shape does not name: dropped (the default), or refused with this message. */
  unknownKeys?: 'strip' | ((key: string) => string);
  /** Rules across fields, run once each field is parsed; throws a SchemaError naming one. */
  check?: (value: O) => void;
}

/** A JSON object with the fields of `shape`; what the reader gets holds only those fields. */
export function object<const S extends Shape>(
  shape: S,
  o: ObjectOptions<ObjectOut<S>> = {},
): Schema<ObjectOut<S>, ObjectIn<S>> {
  return custom((v, field) => {
    const value = plain(v, field, o.message);
    const out: Record<string, unknown> = {};
    for (const [key, s] of Object.entries(shape)) {
      const at = join(field, key);
      const raw = Object.hasOwn(value, key) ? value[key] : undefined;
      if (raw === undefined && !s.optional) throw refuse(at, s.missing, `${at} is required`);
      const parsed = s.parse(raw, at);
      if (parsed !== undefined) out[key] = parsed;
    }
    const unknownKeys = o.unknownKeys;
    if (typeof unknownKeys === 'function') {
      const extra = Object.keys(value).find((k) => !Object.hasOwn(shape, k));
      if (extra !== undefined) throw new SchemaError(join(field, extra), unknownKeys(extra));
    }
    // Every key of the shape went through its own schema above, so `out` holds that shape's output.
    const parsed = out as ObjectOut<S>;
    o.check?.(parsed);
    return parsed;
  });
}

/**
 * A value typed elsewhere (the v2 API's `Webhook`, `Signer`): at run time a JSON object holding
 * `keys`; its fields are the API's to check, not the controls'.
 */
export function opaque<T extends object>(keys: readonly (keyof T & string)[]): Schema<T> {
  return custom((v, field) => {
    const value = plain(v, field, undefined);
    const gone = keys.find((k) => !Object.hasOwn(value, k));
    if (gone !== undefined) throw new SchemaError(join(field, gone), `${join(field, gone)} is required`);
    // The keys that identify a T are there; the rest of T is the API's own contract.
    return value as T;
  });
}

/** Both: an object of `a`'s fields that is also a `b` (an API object with the controls' extras). */
export function and<A extends object, AI, B extends object, BI>(
  a: Schema<A, AI>,
  b: Schema<B, BI>,
): Schema<A & B, AI & BI> {
  return custom((v, field) => ({ ...b.parse(v, field), ...a.parse(v, field) }));
}

function plain(v: unknown, field: string, message: Message | undefined): Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw refuse(field || 'body', message, `${field || 'the body'} must be a JSON object`);
  return Object.fromEntries(Object.entries(v));
}

const join = (field: string, key: string) => (field ? `${field}.${key}` : key);
