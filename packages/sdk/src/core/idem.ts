// Idempotency keys: a write whose body declares `idem` carries one, so the server can tell a retry
// from a second request and the pipeline may retry it like a read.
import type { OperationSpec } from './operation.js';

const declares = new WeakMap<OperationSpec, boolean>();

/** Whether the operation's JSON body has an `idem` field. */
export function takesIdem(op: OperationSpec): boolean {
  if (op.body?.kind !== 'json') return false;
  let yes = declares.get(op);
  if (yes === undefined) {
    yes = op.params.some((p) => p.in === 'body' && p.name === 'idem');
    declares.set(op, yes);
  }
  return yes;
}

/**
 * A fresh key in the form the spec recommends: 16 characters, here hex from a random UUID. Browsers
 * offer randomUUID only on secure origins; elsewhere the same bytes come from getRandomValues.
 */
export function freshIdem(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '').slice(0, 16);
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}
