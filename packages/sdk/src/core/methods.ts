// Turns an operation table into client methods: one generic implementation, typed per operation.
import type { BaseClient, CallOptions, CallResult } from './client.js';
import type { OperationSpec } from './operation.js';

type OperationTypes<T> = { [K in keyof T]: { params: unknown; response: unknown } };

/** Params are optional for operations whose parameters are all optional. */
type Args<P, O> = {} extends P ? [params?: P, options?: O] : [params: P, options?: O];

export type MethodsOf<T extends OperationTypes<T>> = {
  [K in keyof T]: <O extends CallOptions = {}>(
    ...args: Args<T[K]['params'], O>
  ) => Promise<CallResult<T[K]['response'], O>>;
};

export function installMethods(
  target: { prototype: BaseClient },
  table: Record<string, OperationSpec>,
): void {
  for (const op of Object.values(table)) {
    Object.defineProperty(target.prototype, op.name, {
      configurable: true,
      writable: true,
      value(this: BaseClient, params?: object, options?: CallOptions) {
        return this.request(op, params, options);
      },
    });
  }
}
