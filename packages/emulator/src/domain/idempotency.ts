// Idempotency keys (`idem`): a retried write answers with the first attempt's result instead of
// writing twice. Each kind of answer is declared once with its type (`idempotent<PostCastResponse>()`),
// so what `remember` keeps is what `recall` gives back.
import { ConflictError } from '../ground/errors.js';
import { idempotencyRow, insertIdempotencyRow } from '../store/queries/idempotency.js';
import type { Store } from '../store/store.js';

export class Idempotent<Answer> {
  /**
   * The stored answer for `key` within `scope` (e.g. a signer), or undefined the first time.
   * The same key with a different request is a conflict, not a silent replay.
   */
  recall(store: Store, scope: string, key: string, request: unknown): Answer | undefined {
    const row = idempotencyRow(store, scope, key);
    if (!row) return undefined;
    if (row.request !== JSON.stringify(request)) {
      throw new ConflictError('idem was already used for a different request', 'idem');
    }
    return this.parse(row.response);
  }

  remember(store: Store, scope: string, key: string, request: unknown, response: Answer): void {
    insertIdempotencyRow(
      store,
      scope,
      key,
      { request: JSON.stringify(request), response: JSON.stringify(response) },
      store.now(),
    );
  }

  /** An answer as `remember` wrote it, for this kind alone: JSON.stringify of an `Answer`. */
  private parse(text: string): Answer {
    return JSON.parse(text);
  }
}

/** The answers of one kind of idempotent write. */
export const idempotent = <Answer>() => new Idempotent<Answer>();
