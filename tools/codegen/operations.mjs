// Builds the operation model: one entry per operation, with every input as a flat parameter list.
import { camel, humanize } from './names.mjs';
import { eachOperation, refName } from './spec.mjs';
import { tsType } from './types.mjs';

const BODY_KINDS = {
  'application/json': 'json',
  'multipart/form-data': 'multipart',
  'application/octet-stream': 'binary',
};

export function buildOperations(spec, api) {
  const { doc, resolve } = spec;
  const ops = [];
  for (const { path, method, op, shared } of eachOperation(doc)) {
    const name = camel(op.operationId);
    const params = [];
    for (const raw of [...shared, ...(op.parameters ?? [])]) {
      const p = resolve(raw);
      params.push(describeParam(spec, p.name, p.in, !!p.required, p.schema));
      if (p.deprecated) params.at(-1).deprecated = true;
    }
    let body;
    if (op.requestBody) {
      const rb = resolve(op.requestBody);
      const [contentType, media] = Object.entries(rb.content)[0];
      const kind = BODY_KINDS[contentType];
      if (!kind) throw new Error(`${op.operationId}: unsupported body ${contentType}`);
      body = { kind, contentType, required: !!rb.required, schema: media.schema };
      if (kind === 'binary') {
        params.push({ ...describeParam(spec, 'body', 'body', true, media.schema), key: 'body' });
      } else {
        const schema = flatten(spec, media.schema);
        const required = new Set(schema.required ?? []);
        const props = Object.entries(schema.properties ?? {});
        // A body with no declared fields is passed whole, as `{ body }` (the established SDK's form).
        if (!props.length)
          params.push({ ...describeParam(spec, 'body', 'body', body.required, media.schema), whole: true });
        for (const [prop, propSchema] of props) {
          params.push(describeParam(spec, prop, 'body', required.has(prop), propSchema));
        }
        if (kind === 'json') body.wrapper = wrapperKey(op, media.schema, params);
      }
    }
    ops.push({
      api,
      id: op.operationId,
      name,
      summary: humanize(name),
      tag: op.tags?.[0] ?? 'Other',
      method,
      path,
      params,
      body,
      response: successSchema(spec, op),
      json: Object.entries(op.responses ?? {}).some(
        ([code, r]) => code.startsWith('2') && spec.resolve(r)?.content?.['application/json'],
      ),
      paging: pagingOf(spec, params, successSchema(spec, op)),
    });
    if (op.deprecated) ops.at(-1).deprecated = true;
  }
  return ops;
}

/**
 * The key the established SDK's generated layer passes a JSON body under: the camelCase of the
 * body's schema name (`PostCastReqBody` → `{ postCastReqBody }`); some of its client methods take
 * that form too (`createTransactionPayFrame({ framePayTransactionRequestBody })`).
 */
function wrapperKey(op, schema, params) {
  const name = refName(schema);
  if (!name) return undefined;
  const key = camel(name);
  if (params.some((p) => p.key === key || p.name === key)) {
    throw new Error(`${op.operationId}: body wrapper key ${key} is also a parameter name`);
  }
  return key;
}

/** Merges `allOf` members into one object schema so a body's top-level fields can be listed. */
export function flatten(spec, schema) {
  const s = spec.resolve(schema) ?? {};
  if (!s.allOf) return s;
  const merged = { type: 'object', properties: {}, required: [] };
  for (const part of s.allOf) {
    const f = flatten(spec, part);
    Object.assign(merged.properties, f.properties ?? {});
    merged.required.push(...(f.required ?? []));
  }
  return merged;
}

/** `allOf: [X]` (plus description-only parts) is just X: the spec wraps enums this way to describe them. */
function unwrap(spec, schema) {
  let s = spec.resolve(schema) ?? {};
  const meaningful = (part) => Object.keys(spec.resolve(part) ?? {}).some((k) => k !== 'description');
  while (s.allOf && !s.properties && !s.type && s.allOf.filter(meaningful).length === 1) {
    s = { ...spec.resolve(s.allOf.find(meaningful)), nullable: s.nullable };
  }
  return s;
}

function describeParam(spec, name, location, required, schema) {
  const s = unwrap(spec, schema);
  const param = { name, key: camel(name), in: location, required };
  if (s['x-comma-separated']) {
    param.type = 'csv';
    param.items = s['x-accept-as'] === 'integer' ? 'integer' : 'string';
  } else if (s.type === 'array') {
    const items = spec.resolve(s.items) ?? {};
    param.type = location === 'body' ? 'array' : 'csv';
    param.items = items.type ?? 'object';
    if (items.enum) param.enum = items.enum;
  } else if (s.format === 'date-time' && location !== 'body') {
    param.type = 'date';
  } else if (s.format === 'binary') {
    param.type = 'binary';
  } else {
    param.type = s.type ?? (s.properties || s.allOf ? 'object' : s.oneOf || s.anyOf ? 'any' : 'string');
  }
  if (s.enum) param.enum = s.enum;
  for (const k of ['minimum', 'maximum', 'default', 'pattern', 'format']) {
    if (s[k] !== undefined && !(k === 'format' && param.type === 'date')) param[k] = s[k];
  }
  if (location === 'body') {
    const shape = keyShape(spec, schema, 0, new Set());
    if (shape) param.shape = shape;
  }
  param.ts = paramType(spec, param, schema);
  // The spec schema stays in the model (emitTable leaves it out) for the emulator's wire types.
  param.schema = schema;
  return param;
}

/** The TypeScript type a caller passes for a parameter (wider than the wire type where we convert). */
function paramType(spec, param, schema) {
  // Nested fields get doc comments (ctx.spec) and sit indented under the params interface.
  const ctx = { spec };
  if (param.type === 'csv') {
    const item =
      param.items === 'integer'
        ? 'number'
        : param.enum
          ? param.enum.map((v) => JSON.stringify(v)).join(' | ')
          : 'string';
    const itemsRef = refName(spec.resolve(schema)?.items);
    return `Array<${itemsRef ?? item}> | string`;
  }
  if (param.type === 'date') return 'Date | string';
  if (param.type === 'binary') return 'BinaryBody';
  return tsType(schema, ctx, '  ');
}

/**
 * Which nested keys of a body field have spec names (snake_case) that callers may pass in camelCase.
 * Shape: `{ specName: nestedShape | 0 }`; only objects with declared properties get one.
 */
function keyShape(spec, schema, depth, seen) {
  if (depth > 6 || !schema) return undefined;
  const ref = schema.$ref;
  if (ref) {
    if (seen.has(ref)) return undefined;
    seen = new Set(seen).add(ref);
  }
  const s = spec.resolve(schema);
  if (!s) return undefined;
  if (s.type === 'array') return keyShape(spec, s.items, depth, seen);
  const variants = s.allOf ?? s.oneOf ?? s.anyOf;
  const props = {};
  if (variants) {
    for (const v of variants) Object.assign(props, keyShape(spec, v, depth, seen) ?? {});
  }
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    props[key] = keyShape(spec, child, depth + 1, seen) ?? 0;
  }
  const keys = Object.keys(props);
  const interesting = keys.some((k) => camel(k) !== k || props[k] !== 0);
  return keys.length && interesting ? props : undefined;
}

function successSchema(spec, op) {
  for (const code of ['200', '201', '202']) {
    const r = op.responses?.[code] && spec.resolve(op.responses[code]);
    const media = r?.content?.['application/json'];
    if (media) return media.schema;
  }
  return undefined;
}

/** How to walk a list operation: the cursor parameter and where the next cursor sits in the response. */
function pagingOf(spec, params, response) {
  const names = new Set(params.map((p) => p.name));
  const body = response ? flatten(spec, response) : {};
  const props = body.properties ?? {};
  const result = props.result ? (flatten(spec, props.result).properties ?? {}) : {};
  if (names.has('cursor') && !props.next && result.next) {
    return {
      cursor: 'cursor',
      next: ['result', 'next', 'cursor'],
      items: itemsKey(spec, result, 'next', 'result'),
    };
  }
  if (names.has('cursor') && props.next)
    return { cursor: 'cursor', next: ['next', 'cursor'], items: itemsKey(spec, props, 'next') };
  if (names.has('pageToken') && props.nextPageToken)
    return { cursor: 'pageToken', next: ['nextPageToken'], items: itemsKey(spec, props, 'nextPageToken') };
  if (names.has('from_event_id') && props.nextPageEventId)
    return { cursor: 'from_event_id', next: ['nextPageEventId'], items: 'events' };
  return undefined;
}

function itemsKey(spec, props, skip, parent) {
  const arrays = Object.entries(props).filter(([k, v]) => k !== skip && spec.resolve(v)?.type === 'array');
  if (arrays.length !== 1) return undefined;
  return parent ? `${parent}.${arrays[0][0]}` : arrays[0][0];
}
