// `castkit ops [search]`: one line per operation of both APIs; `castkit call <op> --help` has the rest.
import { allOperations, searchOperations } from '@castkit/sdk/2.x';
import type { CommandSpec } from '../args.js';
import { callName } from '../operations.js';

export const OPS_COMMAND = {
  name: 'castkit ops',
  positionals: '[search words]',
  summary: 'Lists the operations of both APIs, grouped by tag, with one-line summaries; words filter them.',
  options: {},
  notes: ['castkit call <operation> --help shows one operation in full.'],
} satisfies CommandSpec;

export function runOps(positionals: string[], out: (s: string) => void): number {
  const query = positionals.join(' ');
  const ops = query ? searchOperations(allOperations, query, allOperations.length) : allOperations;
  if (!ops.length) {
    out(`no operation matches "${query}"`);
    return 1;
  }
  const width = Math.max(...ops.map((op) => callName(op).length)) + 2;
  let group = '';
  for (const op of [...ops].sort((a, b) => `${a.api}${a.tag}`.localeCompare(`${b.api}${b.tag}`))) {
    const title = `${op.api === 'v2' ? 'main API' : 'hub API'} · ${op.tag}`;
    if (title !== group) {
      group = title;
      out(`\n${group}`);
    }
    out(`  ${callName(op).padEnd(width)}${op.summary}${op.deprecated ? ' (deprecated)' : ''}`);
  }
  out(`\n${ops.length} operation${ops.length === 1 ? '' : 's'}`);
  return 0;
}
