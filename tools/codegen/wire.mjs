// What the emulator needs from the specs: per operation, the parameters as its handlers receive
// them (wire names, values as api/params.ts yields them) with the response type, and the JSON
// request-body schemas its edge validates with Ajv (pre-pass applied, $refs bundled: at run time
// the emulator has the generated file, never the YAML).
import { toJsonSchema } from './json-schema.mjs';
import { propKey } from './names.mjs';
import { refName } from './spec.mjs';
import { tsType } from './types.mjs';

const literal = (v) => JSON.stringify(v);
/** Where a parameter sits in the emitted file, so nested object types line up under it. */
const INDENT = '      ';

/**
 * The TypeScript type of one parameter's value after readParams: query and header values coerced
 * (integers as numbers, csv as arrays, dates as ISO strings), body fields as their spec schema says.
 * Hub enums arrive as sent (hubs accept several spellings and the handlers map them), so as strings.
 */
function wireType(op, p, ctx) {
  const enumOf = (values) => (op.api === 'hub' || !values ? undefined : values.map(literal).join(' | '));
  switch (p.type) {
    case 'integer':
    case 'number':
      return p.in === 'body' ? tsType(p.schema, ctx, INDENT) : 'number';
    case 'boolean':
      return 'boolean';
    case 'csv':
    case 'multi': {
      const item = p.items === 'integer' ? 'number' : (enumOf(p.enum) ?? 'string');
      return `Array<${item}>`;
    }
    case 'date':
      return 'string';
    case 'binary':
      // A multipart file field arrives as its part (server/multipart.ts FormFile), a binary body as bytes.
      return op.body?.kind === 'binary' ? 'Buffer' : '{ filename: string; type: string; bytes: Buffer }';
    default:
      if (p.in === 'body' && op.body?.kind === 'json') return tsType(p.schema, ctx, INDENT);
      // Query, header and multipart text fields arrive as strings, enums checked against the table.
      return enumOf(p.enum) ?? 'string';
  }
}

/** readParams fills in a default for absent query and header params (not body fields, not hub enums). */
const defaulted = (op, p) =>
  p.default !== undefined && p.in !== 'body' && !(op.api === 'hub' && p.enum !== undefined);

/** Where each surface's wire types take the SDK's types from: 2.44's subpath or the root (3.x). */
const SURFACE = {
  V2: { from: '@castkit/sdk/2.x', hub: false },
  Hub: { from: '@castkit/sdk/2.x', hub: true },
  Api3: { from: '@castkit/sdk', hub: false },
  Hub3: { from: '@castkit/sdk', hub: true },
};

/**
 * `{v2,hub,api3,hub3}-wire.ts`: `V2Wire` / `HubWire` (2.44) and `Api3Wire` / `Hub3Wire` (3.x),
 * operation name → { params, response }.
 */
export function emitWire(ops, { header, prefix }) {
  const { from, hub } = SURFACE[prefix];
  const refs = new Set();
  // Hub component types live under the SDK's `Hub` namespace; the main API's are exported at the top level.
  const ctx = { refs, qualify: hub ? (n) => `Hub.${n}` : (n) => n };
  const body = [];
  body.push(`/** Every ${prefix} operation's parameters (keyed by their spec names) and 200 response. */`);
  body.push(`export interface ${prefix}Wire {`);
  for (const op of ops) {
    const fields = op.params.map((p) => {
      const optional = !p.required && !defaulted(op, p);
      return `      ${propKey(p.name)}${optional ? '?' : ''}: ${wireType(op, p, ctx)};`;
    });
    const params = fields.length ? `{\n${fields.join('\n')}\n    }` : 'Record<string, never>';
    const response = `${hub ? 'Hub.' : ''}${prefix}OperationTypes['${op.name}']['response']`;
    body.push(`  ${op.name}: {\n    params: ${params};\n    response: ${response};\n  };`);
  }
  body.push('}', '');
  const imports = hub
    ? `import type { Hub } from '${from}';`
    : `import type {\n${[...refs, `${prefix}OperationTypes`]
        .sort()
        .map((n) => `  ${n},`)
        .join('\n')}\n} from '${from}';`;
  return [header, imports, '', ...body].join('\n');
}

/**
 * `{v2,hub,api3,hub3}-bodies.ts`: the JSON Schema of every JSON request body, keyed by operation
 * name, and the component schemas they refer to, as one Ajv schema (`$id` `<file>-bodies`, `definitions`).
 */
export function emitBodies(spec, ops, { header, id: file }) {
  const id = `${file}-bodies`;
  const definitions = {};
  const queue = [];
  const rewrite = (node) => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    if (node.$ref) {
      const name = refName(node);
      if (!name) throw new Error(`${id}: cannot bundle $ref ${node.$ref}`);
      if (!(name in definitions)) {
        definitions[name] = null;
        queue.push(name);
      }
      return { $ref: `${id}#/definitions/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, rewrite(v)]));
  };
  const schemas = {};
  for (const op of ops) {
    if (op.body?.kind !== 'json') continue;
    schemas[op.name] = rewrite(declaredRequired(toJsonSchema(op.body.schema)));
  }
  while (queue.length) {
    const name = queue.shift();
    definitions[name] = rewrite(declaredRequired(toJsonSchema(spec.doc.components.schemas[name])));
  }
  const sorted = Object.fromEntries(
    Object.keys(definitions)
      .sort()
      .map((k) => [k, definitions[k]]),
  );
  const json = (v) => JSON.stringify(v, null, 2);
  return [
    header,
    `/** The component schemas request bodies refer to; add it to Ajv before compiling a body schema. */`,
    `export const ${file}BodyDefinitions = ${json({ $id: id, definitions: sorted })};`,
    '',
    `/** Each operation's JSON request-body schema; operations without a JSON body have none. */`,
    `export const ${file}BodySchemas: Record<string, object> = ${json(schemas)};`,
    '',
  ].join('\n');
}

/**
 * An object's `required` names without the ones its `properties` do not declare: the SDK's table
 * is built from the declared properties and could never send them (removeVerification's body
 * requires an `eth_signature` it does not declare).
 */
function declaredRequired(node) {
  if (Array.isArray(node)) return node.map(declaredRequired);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, declaredRequired(v)]));
  if (Array.isArray(out.required) && out.properties && !out.allOf) {
    out.required = out.required.filter((name) => name in out.properties);
  }
  return out;
}
