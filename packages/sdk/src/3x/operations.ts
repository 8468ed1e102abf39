// Every 3.x operation of both APIs in table order: the main API first, then the hub.
import type { OperationSpec } from '../core/operation.js';
import { api3Operations } from '../generated/api3/operations.js';
import { hub3Operations } from '../generated/hub3/operations.js';

const entries = (...tables: Record<string, OperationSpec>[]) => tables.flatMap((t) => Object.values(t));

// Marked pure so a bundle that never reads the list drops it, and with it both tables.
export const allOperations: readonly OperationSpec[] = /* @__PURE__ */ entries(
  api3Operations,
  hub3Operations,
);
