// Validates emulator responses against the official specs' response schemas with Ajv, after the
// same OpenAPI-to-JSON-Schema pre-pass the generated request-body schemas get (tools/codegen).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import { parse } from 'yaml';
import { toJsonSchema } from '../../../../tools/codegen/json-schema.mjs';
import { oasDir } from '../../../../tools/codegen/spec.mjs';

/** The specs of both generations: 2.44's, and 3.174's under `3.174/`. */
export type SpecFile = 'neynar-v2.yaml' | 'hub-v1.yaml' | '3.174/neynar-api.yaml' | '3.174/hub-api.yaml';

export class SpecValidator {
  private readonly ajv: Ajv;
  private readonly doc: any;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(file: SpecFile) {
    this.doc = parse(readFileSync(join(oasDir, file), 'utf8'));
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    // ajv-formats is CommonJS; under NodeNext its default import is the module object.
    const addFormats = (formatsPlugin as unknown as { default: (ajv: Ajv) => void }).default ?? formatsPlugin;
    addFormats(this.ajv);
    // The hub spec uses protobuf's unsigned formats, which JSON Schema has no name for.
    for (const name of ['uint32', 'uint64']) {
      this.ajv.addFormat(name, { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= 0 });
    }
    // Schema names are data, not keywords: convert each component schema on its own.
    const schemas = Object.entries<unknown>(this.doc.components.schemas);
    this.ajv.addSchema(
      {
        components: {
          schemas: Object.fromEntries(schemas.map(([name, s]) => [name, toJsonSchema(discriminated(s))])),
        },
      },
      'spec',
    );
  }

  /**
   * The schema of an operation's answer with `status` (by operationId): the one the spec declares
   * for it, else its `default`, else the API's error body (v2 ErrorRes, hub ErrorResponse).
   */
  private responseSchema(operationId: string, status = 200): unknown {
    for (const item of Object.values<any>(this.doc.paths)) {
      for (const op of Object.values<any>(item)) {
        if (op?.operationId !== operationId) continue;
        let res = op.responses[String(status)] ?? (status >= 400 ? op.responses.default : undefined);
        if (res?.$ref) res = this.resolve(res.$ref);
        const schema = res?.content?.['application/json']?.schema ?? res?.content?.['*/*']?.schema;
        if (schema) return toJsonSchema(schema);
        if (status < 400) throw new Error(`${operationId} declares no ${status} schema`);
        const generic = this.doc.components.schemas.ErrorRes ? 'ErrorRes' : 'ErrorResponse';
        return { $ref: `#/components/schemas/${generic}` };
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

  /** Readable Ajv errors for a response body (200 unless `status` says), or [] when it conforms. */
  errors(operationId: string, body: unknown, status = 200): string[] {
    return this.allErrors(operationId, body, status).slice(0, 8);
  }

  /** Whether the spec declares an operation with this operationId. */
  has(operationId: string): boolean {
    return Object.values<any>(this.doc.paths).some((item) =>
      Object.values<any>(item).some((op) => op?.operationId === operationId),
    );
  }

  /** Every readable Ajv error for a response body, or [] when it conforms. */
  allErrors(operationId: string, body: unknown, status = 200): string[] {
    const key = `${operationId} ${status}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const schema = JSON.parse(
        JSON.stringify(this.responseSchema(operationId, status)).replaceAll(
          '"#/components/',
          '"spec#/components/',
        ),
      );
      const compiled = this.ajv.compile(schema);
      this.cache.set(key, compiled);
      validate = compiled;
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
    );
  }
}

/**
 * The pre-pass drops `discriminator`, leaving a plain oneOf that a value may satisfy twice (a FrameV2
 * also satisfies FrameV1, whose fields are all optional). Where the spec maps discriminator values,
 * each branch here also requires its own values, so exactly one branch matches, as the mapping says.
 */
function discriminated(node: any): any {
  if (Array.isArray(node)) return node.map(discriminated);
  if (!node || typeof node !== 'object') return node;
  const out: any = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, discriminated(v)]));
  const mapping: Record<string, string> | undefined = node.discriminator?.mapping;
  if (!mapping || !Array.isArray(node.oneOf)) return out;
  const property: string = node.discriminator.propertyName;
  out.oneOf = node.oneOf.map((branch: any) => {
    const values = Object.keys(mapping).filter((v) => mapping[v] === branch.$ref);
    if (!values.length) return branch;
    return { allOf: [branch, { properties: { [property]: { enum: values } }, required: [property] }] };
  });
  return out;
}
