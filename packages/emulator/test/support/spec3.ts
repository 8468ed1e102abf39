// Judges the emulator's answers by the 3.174 spec too: the same operation (by operationId, with the
// one rename 3.x made) validated against 3.x's response schema, and a tally of what fails where.
import type { OperationSpec } from '@castkit/sdk/2.x';
import { SpecValidator } from './spec-validator.js';

const api3 = new SpecValidator('3.174/neynar-api.yaml');
const hub3 = new SpecValidator('3.174/hub-api.yaml');

/** 2.44 operationIds 3.x renamed, to their 3.x names. */
const RENAMED: Record<string, string> = {
  'lookup-cast-by-hash-or-warpcast-url': 'lookup-cast-by-hash-or-url',
};

/** The 3.x operationId of a 2.44 operation, or undefined when 3.x dropped it. */
export function operationId3(op: Pick<OperationSpec, 'api' | 'id'>): string | undefined {
  const id = RENAMED[op.id] ?? op.id;
  return (op.api === 'hub' ? hub3 : api3).has(id) ? id : undefined;
}

/** Ajv's errors for a body under the 3.x schema of the operation (every one), [] when it conforms. */
export function errors3(op: Pick<OperationSpec, 'api' | 'id'>, body: unknown, status = 200): string[] {
  const id = operationId3(op);
  if (!id) return [];
  return (op.api === 'hub' ? hub3 : api3).allErrors(id, body, status);
}

/** Where a failing answer fails, without array indices: `/users/0/user/fid` → `/users/*\/user/fid`. */
const where = (error: string) => error.split(' ')[0]!.replace(/\/\d+(?=\/|$)/g, '/*');

/**
 * A tally of answers (operation, body) under 3.x: how many were checked, which failed, and for each
 * failing operation the distinct places (and messages) of its errors.
 */
export function tally3(answers: [OperationSpec, unknown][]) {
  const failing: Record<string, string[]> = {};
  let checked = 0;
  for (const [op, body] of answers) {
    if (!operationId3(op)) continue;
    checked++;
    const errors = errors3(op, body);
    if (!errors.length) continue;
    const places = new Set(
      errors.map((e) => `${where(e)} ${e.split(' ').slice(1).join(' ').split(' {')[0]}`),
    );
    failing[`${op.api} ${op.name}`] = [...places];
  }
  return { checked, failing };
}
