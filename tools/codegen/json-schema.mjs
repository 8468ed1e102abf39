// OpenAPI 3.0 schemas to JSON Schema that Ajv can run: one pre-pass for the request bodies the
// emulator validates (generated) and for the responses its conformance test validates.
// `nullable: true` becomes `anyOf [null, …]`; `discriminator` goes (its `oneOf` still validates and
// the mapping is advisory); boolean exclusive bounds become numeric ones; examples, descriptions and
// vendor extensions go, as Ajv never reads them.

const DROPPED = new Set(['discriminator', 'example', 'examples', 'description']);

export function toJsonSchema(node) {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    if (DROPPED.has(k) || k.startsWith('x-') || k === 'nullable') continue;
    // Property names are data here, not keywords: convert each schema, keep every name.
    out[k] =
      k === 'properties' && v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([name, s]) => [name, toJsonSchema(s)]))
        : toJsonSchema(v);
  }
  // `additionalProperties: false` beside a oneOf/anyOf, with no properties of its own, would refuse
  // every value; the spec means it for each shape (which say so themselves), as in publishCast embeds.
  if (out.additionalProperties === false && !out.properties && (out.oneOf || out.anyOf)) {
    delete out.additionalProperties;
  }
  // OpenAPI 3.0's boolean exclusive bounds are JSON Schema's numeric ones.
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ]) {
    if (typeof out[exclusive] !== 'boolean') continue;
    if (out[exclusive] && out[bound] !== undefined) {
      out[exclusive] = out[bound];
      delete out[bound];
    } else delete out[exclusive];
  }
  // An integer offered as a choice of number constants (3.x's VerificationChainId): each choice is an
  // integer too, which Ajv's strict mode wants said.
  if (out.type === 'integer') {
    for (const key of ['anyOf', 'oneOf']) {
      if (!Array.isArray(out[key])) continue;
      out[key] = out[key].map((branch) =>
        branch?.type === 'number' ? { ...branch, type: 'integer' } : branch,
      );
    }
  }
  return node.nullable === true ? { anyOf: [{ type: 'null' }, out] } : out;
}
