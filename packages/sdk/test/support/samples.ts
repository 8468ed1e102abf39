// Representative inputs for every operation, derived from the official spec itself (not from the
// generated table), with the request each one must produce. Reading the spec here keeps the test
// independent of the generator it checks.
import { fileURLToPath } from 'node:url';
import { camel } from '../../../../tools/codegen/names.mjs';
import { eachOperation, type LoadedSpec, loadSpec } from '../../../../tools/codegen/spec.mjs';

export const oasDir = fileURLToPath(new URL('../../../../../shared/oas/', import.meta.url));

export interface Sample {
  operationId: string;
  method: string;
  path: string;
  name: string;
  input: Record<string, unknown>;
  /** Query name → decoded value; array values must arrive comma-joined with literal commas. */
  query: Record<string, string>;
  headers: Record<string, string>;
  body?:
    | { kind: 'json'; value: unknown }
    | { kind: 'multipart'; fields: Record<string, string> }
    | { kind: 'binary'; bytes: Uint8Array };
  /** camelCase keys of every required input. */
  required: string[];
  /** A JSON body's schema name in camelCase: the key the established SDK may pass the whole body under. */
  wrapper?: string;
}

const FIXED_DATE = new Date('2025-01-02T03:04:05.678Z');
const UUID = '19d0c5fd-9b33-4a48-a0e2-bc7b0555baec';

export function samplesFor(file: string): Sample[] {
  const spec = loadSpec(`${oasDir}${file}`);
  const out: Sample[] = [];
  for (const { path, method, op, shared } of eachOperation(spec.doc)) {
    const s: Sample = {
      operationId: op.operationId,
      method,
      path,
      name: camel(op.operationId),
      input: {},
      query: {},
      headers: {},
      required: [],
    };
    for (const raw of [...shared, ...(op.parameters ?? [])]) {
      const p = spec.resolve(raw);
      const schema = spec.resolve(p.schema) ?? {};
      const key = camel(p.name);
      if (p.required) s.required.push(key);
      // Header values are ASCII tokens on the wire; query strings get the awkward characters.
      const [input, wire] =
        p.in === 'header' && schema.type === 'string'
          ? ['Bearer token-123', 'Bearer token-123']
          : scalarSample(spec, p.name, schema);
      s.input[key] = input;
      if (p.in === 'query') s.query[p.name] = wire;
      else if (p.in === 'header') s.headers[p.name.toLowerCase()] = wire;
    }
    if (op.requestBody) {
      const rb = spec.resolve(op.requestBody);
      const [type, media] = Object.entries<any>(rb.content)[0]!;
      if (type === 'application/octet-stream') {
        const bytes = new Uint8Array([0x0a, 0x00, 0xff, 0x10, 0x80, 0x7f, 0x00]);
        s.input.body = bytes;
        s.required.push('body');
        s.body = { kind: 'binary', bytes };
      } else {
        const ref: string | undefined = media.schema.$ref?.split('/').at(-1);
        if (type === 'application/json' && ref) s.wrapper = camel(ref);
        const schema = flat(spec, media.schema);
        const required = new Set<string>(schema.required ?? []);
        const wireBody: Record<string, unknown> = {};
        if (type === 'application/json' && !Object.keys(schema.properties ?? {}).length) {
          // No declared fields: the caller passes the whole body as `{ body }`.
          const whole = { data: { fid: 3, type: 'MESSAGE_TYPE_CAST_ADD' }, hash: '0xabc' };
          s.input.body = whole;
          if (rb.required) s.required.push('body');
          s.body = { kind: 'json', value: whole };
          out.push(s);
          continue;
        }
        const fields: Record<string, string> = {};
        for (const [prop, propSchema] of Object.entries<any>(schema.properties ?? {})) {
          const key = camel(prop);
          if (required.has(prop)) s.required.push(key);
          if (type === 'multipart/form-data') {
            const ps = spec.resolve(propSchema);
            if (ps.format === 'binary') {
              s.input[key] = new Blob(['media-bytes'], { type: 'image/png' });
              fields[prop] = 'media-bytes';
            } else {
              const [input, wire] = scalarSample(spec, prop, ps);
              s.input[key] = input;
              fields[prop] = wire;
            }
          } else {
            const value = deepSample(spec, propSchema, 0);
            wireBody[prop] = value;
            s.input[key] = camelKeys(spec, propSchema, value);
          }
        }
        s.body =
          type === 'multipart/form-data' ? { kind: 'multipart', fields } : { kind: 'json', value: wireBody };
      }
    }
    out.push(s);
  }
  return out;
}

/** A body's top-level fields: `allOf` parts merged, and an `anyOf` of objects (required where all require). */
function flat(spec: LoadedSpec, schema: any): any {
  const s = spec.resolve(schema) ?? {};
  const members = s.anyOf?.map((m: any) => spec.resolve(m));
  if (members?.length > 1 && members.every((m: any) => m.properties)) {
    const properties = Object.assign({}, ...members.map((m: any) => m.properties));
    const required = Object.keys(properties).filter((k) =>
      members.every((m: any) => m.required?.includes(k)),
    );
    return { properties, required };
  }
  if (!s.allOf) return s;
  const merged: any = { properties: {}, required: [] };
  for (const part of s.allOf) {
    const f = flat(spec, part);
    Object.assign(merged.properties, f.properties ?? {});
    merged.required.push(...(f.required ?? []));
  }
  return merged;
}

/** [value passed to the SDK, value expected on the wire]. */
function scalarSample(spec: LoadedSpec, name: string, schema: any): [unknown, string] {
  if (schema['x-comma-separated']) {
    return schema['x-accept-as'] === 'integer' ? [[3, 2], '3,2'] : [['alpha', 'beta'], 'alpha,beta'];
  }
  if (schema.type === 'array') {
    const items = spec.resolve(schema.items) ?? {};
    const values = items.enum ? items.enum.slice(0, 2) : ['alpha', 'beta'];
    return [values, values.join(',')];
  }
  if (schema.enum) return [schema.enum[0], String(schema.enum[0])];
  if (schema.format === 'date-time') return [FIXED_DATE, FIXED_DATE.toISOString()];
  switch (schema.type) {
    case 'integer':
      return [Math.max(schema.minimum, 3), String(Math.max(schema.minimum, 3))];
    case 'number':
      return [1.5, '1.5'];
    case 'boolean':
      return [true, 'true'];
    default:
      if (schema.format === 'uuid') return [UUID, UUID];
      if (schema.format === 'uri') return ['https://example.com/a b?c=d&e', 'https://example.com/a b?c=d&e'];
      return [`${name} value/é&=`, `${name} value/é&=`];
  }
}

function deepSample(spec: LoadedSpec, schema: any, depth: number): unknown {
  const s = spec.resolve(schema) ?? {};
  if (s.enum) return s.enum[0];
  if (s.allOf) {
    // Parts that only describe (`allOf: [$ref, { description }]`) add nothing; a lone part is the value.
    const parts = s.allOf.filter((p: any) =>
      Object.keys(spec.resolve(p) ?? {}).some((k) => k !== 'description'),
    );
    const values = parts.map((p: any) => deepSample(spec, p, depth));
    return values.length === 1 ? values[0] : Object.assign({}, ...values);
  }
  const variants = s.oneOf ?? s.anyOf;
  if (variants) return deepSample(spec, variants[0], depth);
  if (s.type === 'array') return depth > 4 ? [] : [deepSample(spec, s.items, depth + 1)];
  if (s.type === 'object' || s.properties) {
    if (depth > 4) return {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries<any>(s.properties ?? {})) out[k] = deepSample(spec, v, depth + 1);
    return out;
  }
  if (s.type === 'integer') return 7;
  if (s.type === 'number') return 2.5;
  if (s.type === 'boolean') return false;
  if (s.format === 'uuid') return UUID;
  return 'text';
}

/** The same value with every declared nested key in camelCase, as a caller of the SDK writes it. */
function camelKeys(spec: LoadedSpec, schema: any, value: unknown): unknown {
  const s = spec.resolve(schema) ?? {};
  if (Array.isArray(value)) return value.map((v) => camelKeys(spec, s.items, v));
  if (value === null || typeof value !== 'object') return value;
  const props: Record<string, any> = {};
  const collect = (x: any) => {
    const r = spec.resolve(x) ?? {};
    Object.assign(props, r.properties ?? {});
    for (const part of r.allOf ?? []) collect(part);
    const variants = r.oneOf ?? r.anyOf;
    if (variants) collect(variants[0]);
  };
  collect(s);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k in props ? camel(k) : k] = camelKeys(spec, props[k], v);
  }
  return out;
}
