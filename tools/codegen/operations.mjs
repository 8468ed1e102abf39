// Builds the operation model: one entry per operation, with every input as a flat parameter list.
import { mergedAnyOf } from './enums.mjs';
import { GENERATION_2 } from './generations.mjs';
import { inlineModels } from './inline-models.mjs';
import { camel, humanize, typeName } from './names.mjs';
import { eachOperation, refName } from './spec.mjs';
import { tsType } from './types.mjs';

const BODY_KINDS = {
  'application/json': 'json',
  'multipart/form-data': 'multipart',
  'application/octet-stream': 'binary',
};

/** `gen`: the SDK generation the operations are for (generations.mjs); 2.44 unless told. */
export function buildOperations(spec, api, gen = GENERATION_2) {
  const { doc, resolve } = spec;
  const models = gen.inlineModels ? inlineModels(spec) : undefined;
  const ops = [];
  for (const { path, method, op, shared } of eachOperation(doc)) {
    const name = camel(op.operationId);
    const params = [];
    for (const raw of [...shared, ...(op.parameters ?? [])]) {
      const p = resolve(raw);
      params.push(describeParam(spec, p.name, p.in, !!p.required, p.schema, gen));
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
        params.push({ ...describeParam(spec, 'body', 'body', true, media.schema, gen), key: 'body' });
      } else {
        const schema = flatten(spec, media.schema);
        const required = new Set(schema.required ?? []);
        const props = Object.entries(schema.properties ?? {});
        // A body with no declared fields is passed whole, as `{ body }` (the established SDK's form).
        if (!props.length)
          params.push({
            ...describeParam(spec, 'body', 'body', body.required, media.schema, gen),
            whole: true,
          });
        for (const [prop, propSchema] of props) {
          params.push(describeParam(spec, prop, 'body', required.has(prop), propSchema, gen));
        }
        if (kind === 'json') Object.assign(body, wrapperOf(op, media.schema, params, gen, models));
      }
    }
    ops.push({
      api,
      ...(gen.generation === 2 ? {} : { generation: gen.generation }),
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
      status: successStatus(op),
    });
    // Where the page is one shape of several, the emitted item type picks that shape out.
    const paging = ops.at(-1).paging;
    if (paging?.variant) {
      delete paging.variant;
      ops.at(-1).pagedVariant = true;
    }
    if (op.deprecated) ops.at(-1).deprecated = true;
  }
  return ops;
}

/**
 * The key the established SDK's generated layer passes a JSON body under, and the type's name: the
 * camelCase of the body's schema name (`PostCastReqBody` → `{ postCastReqBody }`). 2.44's client
 * methods take some bodies that way (`createTransactionPayFrame({ framePayTransactionRequestBody })`)
 * and castkit takes every component body so; 3.x's take exactly its inline bodies so, under the
 * name its generator gave them (`deployErc721({ deployErc721Request })`).
 */
function wrapperOf(op, schema, params, gen, models) {
  const name = gen.wrappedBodies === 'inline' ? models.body(op.operationId) : refName(schema);
  if (!name) return {};
  const key = camel(name);
  if (params.some((p) => p.key === key || p.name === key)) {
    throw new Error(`${op.operationId}: body wrapper key ${key} is also a parameter name`);
  }
  return { wrapper: key, wrapperType: typeName(name), ...(refName(schema) ? {} : { inline: true }) };
}

/**
 * Merges `allOf` members into one object schema so a body's top-level fields can be listed; an
 * `anyOf` of objects too (the established SDK merges it so), where a field is required only if
 * every member requires it.
 */
export function flatten(spec, schema) {
  const s = spec.resolve(schema) ?? {};
  if (mergedAnyOf(spec, s)) {
    const members = s.anyOf.map((m) => flatten(spec, m));
    const properties = Object.assign({}, ...members.map((m) => m.properties ?? {}));
    const required = Object.keys(properties).filter((k) => members.every((m) => m.required?.includes(k)));
    return { type: 'object', properties, required };
  }
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

function describeParam(spec, name, location, required, schema, gen) {
  const s = unwrap(spec, schema);
  const param = { name, key: camel(name), in: location, required };
  // 3.x takes these from the client's headers (`baseOptions.headers`), not from the method's params.
  if (location === 'header' && gen.clientHeaders.includes(name.toLowerCase())) param.client = true;
  if (s['x-comma-separated']) {
    param.type = 'csv';
    param.items = s['x-accept-as'] === 'integer' ? 'integer' : 'string';
  } else if (s.type === 'array') {
    const items = spec.resolve(s.items) ?? {};
    param.type =
      location === 'body' ? 'array' : location === 'query' && gen.queryArrays === 'repeat' ? 'multi' : 'csv';
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
  if (param.type === 'binary' && !required && gen.nullableFiles) param.ts += ' | null';
  // The spec schema stays in the model (emitTable leaves it out) for the emulator's wire types.
  param.schema = schema;
  return param;
}

/** The TypeScript type a caller passes for a parameter (wider than the wire type where we convert). */
function paramType(spec, param, schema) {
  // Nested fields get doc comments (ctx.spec) and sit indented under the params interface.
  const ctx = { spec };
  if (param.type === 'multi') {
    const itemsRef = refName(spec.resolve(schema)?.items);
    const item = param.enum ? param.enum.map((v) => JSON.stringify(v)).join(' | ') : param.items;
    return `Array<${itemsRef ?? (item === 'integer' ? 'number' : item)}>`;
  }
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

/**
 * The status a success answers with where the spec declares no 200 (deploy-erc721's 201); undefined
 * where 200 is among the successes it declares, the status every other answer has.
 */
function successStatus(op) {
  const codes = Object.keys(op.responses ?? {}).filter((code) => /^2\d\d$/.test(code));
  return codes.length && !codes.includes('200') ? Number(codes[0]) : undefined;
}

function successSchema(spec, op) {
  for (const code of ['200', '201', '202']) {
    const r = op.responses?.[code] && spec.resolve(op.responses[code]);
    const media = r?.content?.['application/json'];
    if (media) return media.schema;
  }
  return undefined;
}

/**
 * How to walk a list operation: the cursor parameter and where the next cursor sits in the response.
 * A response that is one of several shapes (the hub's fetchUserData: one item, or a page of them)
 * pages through the shape that carries a cursor; `variant` says so.
 */
function pagingOf(spec, params, response) {
  const shapes = response ? variantsOf(spec, response) : [];
  for (const shape of shapes) {
    const paging = pagingIn(spec, params, shape);
    if (paging) return shapes.length > 1 ? { ...paging, variant: true } : paging;
  }
  return undefined;
}

function variantsOf(spec, schema) {
  const s = spec.resolve(schema) ?? {};
  const union = mergedAnyOf(spec, s) ? undefined : (s.oneOf ?? s.anyOf);
  return union ? union.map((v) => flatten(spec, v)) : [flatten(spec, schema)];
}

function pagingIn(spec, params, body) {
  const names = new Set(params.map((p) => p.name));
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
