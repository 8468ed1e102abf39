// Loads an OpenAPI document and answers the few structural questions the emitters ask.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Where the official specs are: `../shared/oas` next to the repository, or $CASTKIT_OAS_DIR. */
export const oasDir =
  process.env.CASTKIT_OAS_DIR ?? fileURLToPath(new URL('../../../shared/oas/', import.meta.url));

export function loadSpec(file) {
  const doc = parse(readFileSync(file, 'utf8'));
  const resolve = (node) => {
    let seen = 0;
    while (node && typeof node === 'object' && node.$ref) {
      if (++seen > 32) throw new Error(`$ref cycle at ${node.$ref}`);
      node = node.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((acc, key) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    }
    return node;
  };
  return { doc, resolve };
}

/** Name of the component schema a `$ref` points to, or undefined for inline schemas. */
export const refName = (node) => node?.$ref?.match(/^#\/components\/schemas\/(.+)$/)?.[1];

/** Every operation in path order, methods in the spec's order. */
export function* eachOperation(doc) {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      yield { path, method: method.toUpperCase(), op, shared: item.parameters ?? [] };
    }
  }
}
