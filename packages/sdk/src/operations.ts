// Every operation of both APIs in table order: v2 first, then the hub.
import type { OperationSpec } from './core/operation.js';
import { hubOperations } from './generated/hub/operations.js';
import { v2Operations } from './generated/v2/operations.js';

export const allOperations: readonly OperationSpec[] = [
  ...Object.values(v2Operations),
  ...Object.values(hubOperations),
];
