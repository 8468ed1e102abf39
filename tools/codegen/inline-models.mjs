// How 3.x's generator (openapi-generator's InlineModelResolver) names the inline schemas it makes
// models of: a JSON request body `<operationId>_request` and a response `<operationId>_<code>_response`
// (camelized: `DeployErc721Request`, `FetchCastQuotes200Response`), an array response's items
// `…_inner`; a schema's `title` wins over those. A schema identical to one named before reuses that
// name (`stopApp` sends a `StartAppRequest`). Paths are read in order, each path's operations in the
// generator's method order, before the components.
import { pascal, typeName } from './names.mjs';
import { eachOperation } from './spec.mjs';

const METHOD_ORDER = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];

const isModel = (s) => !!s && !s.$ref && !s.enum && !!(s.properties || s.oneOf || s.anyOf || s.allOf);

/**
 * `roots`: the models made of bodies and responses, in the generator's order; `body(operationId)`
 * and `response(operationId)`: their names; `nameOf(schema, wanted)`: the name an inline schema met
 * inside a model gets (`wanted`, unless an identical schema was named first).
 */
export function inlineModels(spec) {
  const bySignature = new Map();
  const nameOf = (schema, wanted) => {
    if (!isModel(schema)) return wanted;
    const signature = JSON.stringify(schema);
    const known = bySignature.get(signature);
    if (known) return known;
    const name = schema.title ? typeName(schema.title) : wanted;
    bySignature.set(signature, name);
    return name;
  };
  const roots = [];
  const bodies = new Map();
  const responses = new Map();
  const root = (schema, wanted) => {
    const fresh = !bySignature.has(JSON.stringify(schema));
    const name = nameOf(schema, wanted);
    if (fresh) roots.push({ name, schema });
    return name;
  };
  const ops = [...eachOperation(spec.doc)];
  const paths = [...new Set(ops.map((o) => o.path))];
  for (const path of paths) {
    const here = ops
      .filter((o) => o.path === path)
      .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
    for (const { op } of here) {
      const prefix = pascal(op.operationId);
      const body = op.requestBody && spec.resolve(op.requestBody).content?.['application/json']?.schema;
      if (isModel(body)) bodies.set(op.operationId, root(body, `${prefix}Request`));
      for (const [code, raw] of Object.entries(op.responses ?? {})) {
        const schema = spec.resolve(raw)?.content?.['application/json']?.schema;
        const wanted = `${prefix}${pascal(code)}Response`;
        if (isModel(schema)) {
          const name = root(schema, wanted);
          if (code.startsWith('2') && !responses.has(op.operationId)) responses.set(op.operationId, name);
        } else if (schema?.type === 'array' && isModel(schema.items)) root(schema.items, `${wanted}Inner`);
      }
    }
  }
  return {
    roots,
    nameOf,
    body: (operationId) => bodies.get(operationId),
    response: (operationId) => responses.get(operationId),
  };
}
