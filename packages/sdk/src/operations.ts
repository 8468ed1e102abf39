// Every operation of both APIs in table order: v2 first, then the hub.
import type { OperationSpec } from './core/operation.js';
import { hubOperations } from './generated/hub/operations.js';
import { v2Operations } from './generated/v2/operations.js';

const entries = (...tables: Record<string, OperationSpec>[]) => tables.flatMap((t) => Object.values(t));

// Marked pure so a bundle that never reads the list drops it, and with it both tables.
export const allOperations: readonly OperationSpec[] = /* @__PURE__ */ entries(v2Operations, hubOperations);
