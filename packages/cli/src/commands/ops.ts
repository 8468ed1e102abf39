// `castkit ops [search]`: one line per operation of both APIs; `castkit call <op> --help` has the rest.
import { searchOperations } from '@castkit/sdk';
import type { CommandSpec, OptionValues } from '../args.js';
import { API_OPTION, callName, generationLabel, operationsOf, parseGeneration } from '../operations.js';

export const OPS_COMMAND = {
  name: 'castkit ops',
  positionals: '[search words]',
  summary:
    'Lists the operations of both APIs, grouped by tag, with one-line summaries; words filter them.\n' +
    "3.x's operations (today's SDK) unless --api 2.44 asks for 2.44's; each group names its generation.",
  options: API_OPTION,
  notes: ['castkit call <operation> --help shows one operation in full.'],
} satisfies CommandSpec;

export function runOps(
  values: OptionValues<typeof API_OPTION>,
  positionals: string[],
  out: (s: string) => void,
): number {
  const generation = parseGeneration(values.api);
  const allOperations = operationsOf(generation);
  const query = positionals.join(' ');
  const ops = query ? searchOperations(allOperations, query, allOperations.length) : allOperations;
  if (!ops.length) {
    out(`no operation matches "${query}"`);
    return 1;
  }
  const width = Math.max(...ops.map((op) => callName(op).length)) + 2;
  let group = '';
  for (const op of [...ops].sort((a, b) => `${a.api}${a.tag}`.localeCompare(`${b.api}${b.tag}`))) {
    const title = `${op.api === 'v2' ? 'main API' : 'hub API'} ${generationLabel(generation)} · ${op.tag}`;
    if (title !== group) {
      group = title;
      out(`\n${group}`);
    }
    out(`  ${callName(op).padEnd(width)}${op.summary}${op.deprecated ? ' (deprecated)' : ''}`);
  }
  const more = generation === '3' ? " (--api 2.44 lists 2.44's)" : '';
  out(`\n${ops.length} ${generationLabel(generation)} operation${ops.length === 1 ? '' : 's'}${more}`);
  return 0;
}
