// Doc text for the generated code and the API reference, in our own words, built only from a
// schema's facts: type, required or not, default, range, enum values, pattern, deprecated, and an
// operation's method, path and paging. The spec's descriptions and summaries are never copied.
import { mergedAnyOf } from './enums.mjs';
import { GENERATION_2, GENERATION_3 } from './generations.mjs';
import { exportName, typeName } from './names.mjs';
import { refName } from './spec.mjs';

const API = {
  v2: { label: 'main API', client: 'NeynarAPIClient', light: 'createClient' },
  hub: { label: 'hub API', client: 'NeynarHubClient', light: 'createHubClient' },
};
/** Names and default base URL of an API in a generation (2 unless told). */
export const apiInfo = (api, generation = 2) => ({
  ...API[api],
  base: (generation === 3 ? GENERATION_3 : GENERATION_2).bases[api],
});

const code = (v) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;
const list = (values, joiner = 'or') =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} ${joiner} ${values.at(-1)}`;

/** A `/** … *\/` block; lines are sentences or `@tag` lines. */
export function jsdoc(lines, indent = '') {
  const safe = lines.map((l) => l.replace(/\*\//g, '*\\/'));
  if (safe.length === 1 && !safe[0].startsWith('@')) return `${indent}/** ${safe[0]} */`;
  return [`${indent}/**`, ...safe.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)), `${indent} */`].join(
    '\n',
  );
}

/** `allOf: [X]` plus annotation-only parts is X with the wrapper's annotations (the spec's way to describe a $ref). */
function unwrap(spec, schema) {
  const own = schema ?? {};
  if (!own.allOf || own.properties || own.type) return { schema: own, notes: own };
  const meaningful = own.allOf.filter((p) =>
    Object.keys(spec.resolve(p) ?? {}).some((k) => k !== 'description' && k !== 'example'),
  );
  if (meaningful.length !== 1) return { schema: own, notes: own };
  const inner = unwrap(spec, meaningful[0]);
  return { schema: inner.schema, notes: { ...inner.notes, ...own, allOf: undefined } };
}

/** What a value is, as a phrase: "`Fid` (integer)", "list of `User`", "one of `like` or `recast`". */
export function typePhrase(spec, raw) {
  const { schema } = unwrap(spec, raw);
  const ref = refName(schema);
  if (ref) {
    const target = spec.resolve(schema) ?? {};
    const name = code(typeName(ref));
    if (target.enum) return `${name} (${enumPhrase(target.enum)})`;
    if (['string', 'integer', 'number', 'boolean'].includes(target.type))
      return `${name} (${primitive(target)})`;
    if (target.type === 'array') return `${name} (${typePhrase(spec, target)})`;
    return name;
  }
  if (schema.enum) return enumPhrase(schema.enum);
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return `one of ${list([...new Set(union.map((s) => typePhrase(spec, s)))])}`;
  if (schema.allOf)
    return `all of ${list(
      schema.allOf.map((s) => typePhrase(spec, s)),
      'and',
    )}`;
  if (schema.type === 'array') return `list of ${typePhrase(spec, schema.items)}`;
  if (schema.type === 'object' || schema.properties || schema.additionalProperties) {
    const extra = schema.additionalProperties;
    if (!schema.properties && extra && typeof extra === 'object')
      return `map from string keys to ${typePhrase(spec, extra)}`;
    return 'object';
  }
  return schema.type ? primitive(schema) : 'any JSON value';
}

const enumPhrase = (values) =>
  values.length === 1 ? `always ${code(values[0])}` : `one of ${list(values.map(code))}`;

function primitive(s) {
  if (s.format === 'binary') return 'binary data';
  return s.format ? `${s.type}, ${s.format}` : s.type;
}

/** Constraints and default as short phrases, from the schema and any annotation wrapper around it. */
export function constraints(spec, raw) {
  const { schema, notes } = unwrap(spec, raw);
  const s = { ...(spec.resolve(schema) ?? {}), ...notes };
  const out = [];
  const range = (min, max, unit) => {
    if (min !== undefined && max !== undefined) out.push(`${min} to ${max}${unit}`);
    else if (min !== undefined) out.push(`at least ${min}${unit}`);
    else if (max !== undefined) out.push(`at most ${max}${unit}`);
  };
  range(s.minimum, s.maximum, '');
  range(s.minLength, s.maxLength, ' characters');
  range(s.minItems, s.maxItems, ' items');
  if (s.pattern) out.push(`matches ${code(s.pattern)}`);
  if (s.default !== undefined) out.push(`defaults to ${code(s.default)}`);
  if (s.nullable) out.push('may be null');
  return out;
}

export function isDeprecated(spec, raw) {
  const { notes } = unwrap(spec, raw);
  return !!(notes.deprecated || spec.resolve(raw)?.deprecated);
}

const sentence = (parts) => {
  const text = parts.filter(Boolean).join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
};

/** A response or body field: "Required: `Fid` (integer); at least 0." */
export function fieldDoc(spec, schema, required) {
  const lines = [
    sentence([
      `${required ? 'required' : 'optional'}: ${typePhrase(spec, schema)}`,
      ...constraints(spec, schema),
    ]),
  ];
  if (isDeprecated(spec, schema)) lines.push('@deprecated The spec marks this field deprecated.');
  return lines;
}

/** A component schema as a whole. */
export function componentDoc(spec, name, schema) {
  const s = spec.resolve(schema) ?? {};
  if (mergedAnyOf(spec, s)) {
    const [first, ...rest] = s.anyOf.map((m) => typePhrase(spec, m));
    return [`${code(name)}: a ${first} with the fields of ${list(rest, 'and')}.`];
  }
  const what =
    s.type === 'object' || s.properties
      ? `${code(name)} object with ${Object.keys(s.properties ?? {}).length} declared fields (${(s.required ?? []).length} required)`
      : `${code(name)}: ${typePhrase(spec, schema)}`;
  return [sentence([what, ...constraints(spec, schema)])];
}

const WHERE = { query: 'query parameter', header: 'header', path: 'path segment', body: 'body field' };

/** What the SDK accepts for a parameter beyond its wire type. */
export function conversions(param) {
  if (param.type === 'csv') return ['sent comma-joined: pass an array or a comma-separated string'];
  if (param.type === 'date') return ['a `Date` or an ISO 8601 string'];
  if (param.type === 'binary') return ['bytes: a Uint8Array, Buffer, ArrayBuffer or Blob'];
  return [];
}

/** One parameter of an operation, as the caller passes it. */
export function paramDoc(spec, param) {
  const where = param.whole ? 'The whole JSON body' : `${WHERE[param.in]} ${code(param.name)}`;
  const lines = [
    sentence([`${where}, ${param.required ? 'required' : 'optional'}`]),
    sentence([typePhrase(spec, param.schema), ...conversions(param), ...constraints(spec, param.schema)]),
  ];
  if (param.deprecated || isDeprecated(spec, param.schema))
    lines.push('@deprecated The spec marks this parameter deprecated.');
  return lines;
}

/** How to call an operation, what it sends and what it resolves to. */
export function operationDoc(spec, op, { method = false } = {}) {
  const info = apiInfo(op.api, op.generation);
  const own = op.params.filter((p) => !p.client);
  const required = own.filter((p) => p.required).map((p) => code(p.key));
  const optional = own.filter((p) => !p.required).map((p) => code(p.key));
  const fromClient = op.params
    .filter((p) => p.client)
    .map((p) => `${code(p.name.toLowerCase())}${p.required ? ' (required)' : ''}`);
  const takes = [
    required.length ? `requires ${list(required, 'and')}` : '',
    optional.length ? `${required.length ? 'also ' : ''}takes ${list(optional, 'and')}` : '',
  ].filter(Boolean);
  const lines = [`${op.summary}.`, ''];
  lines.push(`\`${op.method} ${op.path}\` on the ${info.label} (\`${info.base}\` by default).`);
  lines.push(takes.length ? sentence(takes) : 'Takes no parameters.');
  if (fromClient.length)
    lines.push(`Sends ${list(fromClient, 'and')} from the client's headers (\`baseOptions.headers\`).`);
  if (op.body) lines.push(`Sends a ${op.body.kind === 'json' ? 'JSON' : op.body.kind} body.`);
  lines.push(`Resolves to ${op.response ? typePhrase(spec, op.response) : 'the parsed body'}.`);
  if (op.paging) {
    const next = op.paging.next.join('.');
    const items = op.paging.items ? `; \`.items()\` yields each of \`${op.paging.items}\`` : '';
    const walker = method ? `'${op.name}'` : exportName(op);
    lines.push(
      `Paged: pass \`${next}\` back as \`${op.paging.cursor}\`, or walk every page with \`paginate(${walker}, params)\`${items}.`,
    );
  }
  if (!method)
    lines.push(
      `Send it with \`client.call(${exportName(op)}, params)\` on a client from \`${info.light}()\`; \`${info.client}\` has it as the method \`${op.name}\`.`,
    );
  if (method) {
    const wrapped = op.body?.wrapper ? ` (or the whole body as \`${op.body.wrapper}\`)` : '';
    lines.push(
      `@param params The parameters in camelCase; body fields are passed at the top level${wrapped}.`,
    );
    lines.push(
      '@param options Per-call `signal`, `timeout`, `headers` and `retries`; `raw: true` adds status and headers.',
    );
  }
  if (op.deprecated) lines.push('@deprecated The spec marks this operation deprecated.');
  return lines;
}
