// Validates emulator responses against the official specs' response schemas with Ajv.
// The specs are OpenAPI 3.0: a small pre-pass turns `nullable` into JSON Schema and drops
// `discriminator` (its mapping is advisory; the `oneOf` it sits on still validates).
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import { parse } from 'yaml';

const OAS = new URL('../../../../../shared/oas/', import.meta.url);

function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const src = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === 'discriminator' || k === 'example' || k === 'examples' || k.startsWith('x-')) continue;
    if (k === 'properties' && v && typeof v === 'object') {
      // Property names are data here, not keywords: convert each schema, keep every name.
      out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, toJsonSchema(s)]));
      continue;
    }
    out[k] = toJsonSchema(v);
  }
  if (src.nullable === true) {
    delete out.nullable;
    return { anyOf: [{ type: 'null' }, out] };
  }
  delete out.nullable;
  return out;
}

export class SpecValidator {
  private readonly ajv: Ajv;
  private readonly doc: any;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(file: 'neynar-v2.yaml' | 'hub-v1.yaml') {
    this.doc = parse(readFileSync(new URL(file, OAS), 'utf8'));
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    // ajv-formats is CommonJS; under NodeNext its default import is the module object.
    const addFormats = (formatsPlugin as unknown as { default: (ajv: Ajv) => void }).default ?? formatsPlugin;
    addFormats(this.ajv);
    // The hub spec uses protobuf's unsigned formats, which JSON Schema has no name for.
    for (const name of ['uint32', 'uint64']) {
      this.ajv.addFormat(name, { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= 0 });
    }
    this.ajv.addSchema({ components: toJsonSchema(this.doc.components) }, 'spec');
  }

  /** The 200 schema of an operation, by operationId. */
  private responseSchema(operationId: string): unknown {
    for (const item of Object.values<any>(this.doc.paths)) {
      for (const op of Object.values<any>(item)) {
        if (op?.operationId !== operationId) continue;
        let res = op.responses['200'];
        if (res?.$ref) res = this.resolve(res.$ref);
        return toJsonSchema(res?.content?.['application/json']?.schema);
      }
    }
    throw new Error(`no operation ${operationId} in the spec`);
  }

  private resolve(ref: string): any {
    return ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((acc: any, k) => acc?.[k], this.doc);
  }

  /** Readable Ajv errors for a response body, or [] when it conforms. */
  errors(operationId: string, body: unknown): string[] {
    let validate = this.cache.get(operationId);
    if (!validate) {
      const schema = JSON.parse(
        JSON.stringify(this.responseSchema(operationId)).replaceAll('"#/components/', '"spec#/components/'),
      );
      const compiled = this.ajv.compile(schema);
      this.cache.set(operationId, compiled);
      validate = compiled;
    }
    if (validate(body)) return [];
    return (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  }
}
