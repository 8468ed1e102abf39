// JSON request bodies checked at the edge against the spec's own schemas (src/generated/*-bodies.ts:
// the OpenAPI pre-pass applied, $refs bundled), nested fields included.
import type { OperationSpec } from '@castkit/sdk/2.x';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { api3BodyDefinitions, api3BodySchemas } from '../generated/api3-bodies.js';
import { hubBodyDefinitions, hubBodySchemas } from '../generated/hub-bodies.js';
import { hub3BodyDefinitions, hub3BodySchemas } from '../generated/hub3-bodies.js';
import { v2BodyDefinitions, v2BodySchemas } from '../generated/v2-bodies.js';
import { ValidationError } from '../ground/errors.js';
import { isRecord } from '../ground/is-record.js';
import { emulatorRequire, onFirstUse } from '../ground/required-later.js';
import { boundIntegers, type Schema } from './integer-bounds.js';

/**
 * The validator, made at the first JSON body: loading Ajv and compiling its meta-schemas took
 * ~0.1–0.15 s of every start, which an emulator that is only read from never needs.
 */
const ajv = onFirstUse((): Ajv => {
  // allErrors off: the first error is the one reported, and a hostile body costs one error, not many.
  const { Ajv: AjvClass }: typeof import('ajv') = emulatorRequire('ajv');
  const made = new AjvClass({ allErrors: false, strict: true });
  const addFormats: typeof import('ajv-formats').default = emulatorRequire('ajv-formats');
  addFormats(made);
  return made;
});

const JSON_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object']);

/**
 * The JSON type of each top-level field, from the operation table: checked before the whole
 * schema, so a request wrong at both levels names the top-level field first (a number sent as
 * `signer_uuid` is likelier the mistake than what it left out deeper down).
 */
function fieldTypes(op: OperationSpec): object {
  const fields = op.params.filter((p) => p.in === 'body' && !p.whole && JSON_TYPES.has(p.type));
  return { type: 'object', properties: Object.fromEntries(fields.map((p) => [p.name, { type: p.type }])) };
}

// Each generation's bodies are judged by its own spec (a 3.x caller's by 3.174's).
const SOURCES: Record<
  'v2' | 'hub' | 'v2g3' | 'hubg3',
  { definitions: Schema; schemas: Map<string, object> }
> = {
  v2: { definitions: v2BodyDefinitions, schemas: new Map(Object.entries(v2BodySchemas)) },
  hub: { definitions: hubBodyDefinitions, schemas: new Map(Object.entries(hubBodySchemas)) },
  v2g3: { definitions: api3BodyDefinitions, schemas: new Map(Object.entries(api3BodySchemas)) },
  hubg3: { definitions: hub3BodyDefinitions, schemas: new Map(Object.entries(hub3BodySchemas)) },
};

const sourceOf = (op: OperationSpec): keyof typeof SOURCES => (op.generation === 3 ? `${op.api}g3` : op.api);

// Compiled on an operation's first body, not at start-up: compiling all of them took ~200 ms of
// every start. Kept per process, so a process that starts many emulators still compiles each once.
const validators = new Map<string, ValidateFunction | null>();
const definitionsAdded = new Set<keyof typeof SOURCES>();

function validatorFor(op: OperationSpec): ValidateFunction | null {
  const source = sourceOf(op);
  const key = `${source} ${op.name}`;
  let validate = validators.get(key);
  if (validate !== undefined) return validate;
  const { definitions, schemas } = SOURCES[source];
  const found = schemas.get(op.name);
  const schema = isRecord(found) ? found : undefined;
  if (schema && !definitionsAdded.has(source)) {
    ajv().addSchema(boundIntegers(definitions));
    definitionsAdded.add(source);
  }
  validate = schema ? ajv().compile({ allOf: [fieldTypes(op), boundIntegers(schema)] }) : null;
  validators.set(key, validate);
  return validate;
}

/** Checks a parsed JSON body against its operation's schema; a 400 naming the field path otherwise. */
export function checkBody(op: OperationSpec, body: Record<string, unknown>): void {
  const validate = validatorFor(op);
  if (!validate || validate(body)) return;
  const errors = validate.errors ?? [];
  throw noShapeMatched(errors) ?? toValidationError(pickError(errors), body);
}

/** `/embeds/0/cast_id/hash` → `embeds[0].cast_id.hash`. */
function fieldPath(pointer: string, child?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.reduce((path, p) => (/^\d+$/.test(p) ? `${path}[${p}]` : path ? `${path}.${p}` : p), '');
}

/** A text parameter of an error (ajv types them all loosely), if the error has it. */
function paramText(e: ErrorObject, name: string): string | undefined {
  const value: unknown = e.params[name];
  return typeof value === 'string' ? value : undefined;
}

/** The field an error is about: for a missing or unexpected property, that property. */
function errorPath(e: ErrorObject): string {
  return fieldPath(e.instancePath, paramText(e, 'missingProperty') ?? paramText(e, 'additionalProperty'));
}

const depth = (e: ErrorObject) => errorPath(e).split(/[.[]/).length;

/**
 * The error to report. A value that matches none of a oneOf/anyOf's shapes leaves one error per
 * shape: the one that got deepest into the value says best what is wrong (an embed `{ cast_id:
 * { hash: 1 } }` is a cast id with a bad hash, not a URL embed missing `url`); on a tie, an error
 * past the required-field checks beats a missing field.
 */
function pickError(errors: ErrorObject[]): ErrorObject {
  const candidates = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  if (!candidates.length) return errors[0]!;
  return candidates.reduce((best, e) => {
    const d = depth(e) - depth(best);
    return d > 0 || (d === 0 && best.keyword === 'required' && e.keyword !== 'required') ? e : best;
  });
}

/**
 * A value that lacks what every one of a oneOf/anyOf's shapes requires (an embed `{ link }`):
 * naming the one field the first shape wants would mislead; name the choice instead.
 */
function noShapeMatched(errors: ErrorObject[]): ValidationError | undefined {
  const choice = errors.find((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  if (!choice) return undefined;
  const branches = errors.filter((e) => e !== choice && e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  const allMissing = branches.every(
    (e) => e.keyword === 'required' && e.instancePath === choice.instancePath,
  );
  if (!branches.length || !allMissing) return undefined;
  const names = [...new Set(branches.flatMap((e) => paramText(e, 'missingProperty') ?? []))];
  const path = fieldPath(choice.instancePath) || 'body';
  return new ValidationError(`${path} must have one of ${names.join(', ')}`, path, 'InvalidField');
}

const BOUND_WORDS: Record<string, string> = {
  maximum: 'at most',
  minimum: 'at least',
  exclusiveMaximum: 'less than',
};

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function valueAt(body: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (v, p) => (Array.isArray(v) ? v[Number(p)] : isRecord(v) ? v[p.replace(/~1/g, '/')] : undefined),
      body,
    );
}

function toValidationError(e: ErrorObject, body: unknown): ValidationError {
  const path = errorPath(e) || 'body';
  const value = valueAt(body, e.instancePath);
  const p: Record<string, unknown> = e.params;
  const shown =
    typeof value === 'string' ? JSON.stringify(value.length > 64 ? `${value.slice(0, 61)}...` : value) : '';
  let why: string;
  switch (e.keyword) {
    case 'required':
      return new ValidationError(`${path} is required`, path, 'RequiredField');
    case 'additionalProperties':
      why = `is not a field this operation takes`;
      break;
    case 'type':
      // A fraction where an integer belongs is best shown as itself.
      why = `must be ${String(p.type).split(',').map(article).join(' or ')}, got ${
        typeof value === 'number' ? value : kindOf(value)
      }`;
      break;
    case 'enum':
      why = `must be one of ${Array.isArray(p.allowedValues) ? p.allowedValues.map(String).join(', ') : ''}, got ${shown || kindOf(value)}`;
      break;
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum': {
      why = `must be ${BOUND_WORDS[e.keyword] ?? 'greater than'} ${p.limit}, got ${value}`;
      break;
    }
    case 'maxItems':
      why = `takes at most ${p.limit} items`;
      break;
    case 'minItems':
      why = `needs at least ${p.limit} item${p.limit === 1 ? '' : 's'}`;
      break;
    case 'maxLength':
      why = `must be at most ${p.limit} characters`;
      break;
    case 'minLength':
      why = p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`;
      break;
    case 'pattern':
      why = `is malformed: ${shown}`;
      break;
    case 'format':
      why = `must be ${article(String(p.format))}, got ${shown || kindOf(value)}`;
      break;
    default:
      why = e.message ?? 'is invalid';
  }
  return new ValidationError(`${path} ${why}`, path, 'InvalidField');
}
