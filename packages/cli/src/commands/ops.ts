// `castkit ops [search]`: the operations of both APIs with their parameters.
import { allOperations, type OperationSpec, searchOperations } from '@castkit/sdk';
import { flagName, type ParsedArgs } from '../args.js';

function describe(op: OperationSpec): string {
  const params = op.params.map((p) => (p.required ? flagName(p.key) : `[${flagName(p.key)}]`)).join(' ');
  const prefix = op.api === 'hub' ? 'hub.' : '';
  return `  ${prefix}${op.name}  ${op.method} ${op.api === 'v2' ? '/v2' : ''}${op.path}\n      ${params || '(no parameters)'}`;
}

export function runOps(args: ParsedArgs, out: (s: string) => void): number {
  const query = args.positionals.join(' ');
  const ops = query ? searchOperations(allOperations, query, allOperations.length) : allOperations;
  if (!ops.length) {
    out(`no operation matches "${query}"`);
    return 1;
  }
  let tag = '';
  for (const op of [...ops].sort((a, b) => `${a.api}${a.tag}`.localeCompare(`${b.api}${b.tag}`))) {
    const group = `${op.api === 'v2' ? 'main API' : 'hub API'} · ${op.tag}`;
    if (group !== tag) {
      tag = group;
      out(`\n${group}`);
    }
    out(describe(op));
  }
  out(`\n${ops.length} operation${ops.length === 1 ? '' : 's'}`);
  return 0;
}
