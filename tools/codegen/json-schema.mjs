// OpenAPI 3.0 schemas to JSON Schema that Ajv can run: one pre-pass for the request bodies the
// emulator validates (generated) and for the responses its conformance test validates.
// `nullable: true` becomes `anyOf [null, …]`; `discriminator` goes (its `oneOf` still validates and
// the mapping is advisory); examples, descriptions and vendor extensions go, as Ajv never reads them.

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
  return node.nullable === true ? { anyOf: [{ type: 'null' }, out] } : out;
}
