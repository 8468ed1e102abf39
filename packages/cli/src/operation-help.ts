// `castkit call <operation> --help`: what one operation takes, read from the SDK's operation table.
import type { OperationSpec, ParamSpec } from '@castkit/sdk';
import { flagName } from './args.js';
import { callName, generationLabel, generationOf } from './operations.js';

function typeOf(p: ParamSpec): string {
  if (p.type === 'array' || p.type === 'csv' || p.type === 'multi')
    return `list of ${p.items ?? 'string'} (repeat or comma-join)`;
  if (p.type === 'boolean') return `switch (${flagName(p.key)} / --no-${flagName(p.key).slice(2)})`;
  if (p.type === 'binary') return 'bytes (@file or hex)';
  if (p.type === 'object' || p.type === 'any') return 'JSON';
  return p.format ? `${p.type} (${p.format})` : p.type;
}

function details(p: ParamSpec): string[] {
  const out: string[] = [];
  if (p.enum) out.push(`one of: ${p.enum.join(', ')}`);
  if (p.minimum !== undefined || p.maximum !== undefined)
    out.push(`range: ${p.minimum ?? '…'}..${p.maximum ?? '…'}`);
  if (p.default !== undefined) out.push(`default: ${JSON.stringify(p.default)}`);
  if (p.deprecated) out.push('deprecated');
  return out;
}

/** A value that reads as a plausible argument for the example line. */
function exampleValue(p: ParamSpec): string | undefined {
  if (p.type === 'boolean') return undefined;
  if (p.enum?.length) return String(p.enum[0]);
  if (p.default !== undefined && typeof p.default !== 'object') return String(p.default);
  if (p.type === 'integer' || p.type === 'number') return String(p.minimum ?? 1);
  if (p.type === 'array' || p.type === 'csv' || p.type === 'multi')
    return p.items === 'integer' || p.items === 'number' ? '1,2' : 'a,b';
  if (p.type === 'object' || p.type === 'any') return "'{}'";
  if (p.type === 'binary') return '@message.bin';
  if (p.format === 'uuid') return '00000000-0000-4000-8000-000000000001';
  return `<${p.name}>`;
}

export function operationHelp(op: OperationSpec): string {
  const generation = generationOf(op);
  // 2.44's main-API paths are relative to `/v2`; 3.x's start at the API's root.
  const path = `${op.api === 'v2' && generation === '2.44' ? '/v2' : ''}${op.path}`;
  const flag = generation === '3' ? '' : ' --api 2.44';
  const lines = [
    `castkit call ${callName(op)}${flag} — ${op.summary}`,
    `${op.method} ${path}  (${op.api === 'v2' ? 'main API' : 'hub API'} ${generationLabel(generation)} · ${op.tag})${op.deprecated ? '  deprecated' : ''}`,
    '',
  ];
  if (!op.params.length) lines.push('no parameters');
  else {
    lines.push('parameters:');
    const rows = op.params.map(
      (p) =>
        [
          `  ${flagName(p.key)}`,
          `${p.required ? 'required' : 'optional'}  ${typeOf(p)}  in ${p.in}`,
          details(p),
        ] as const,
    );
    const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
    for (const [flag, head, more] of rows) {
      lines.push(`${flag.padEnd(width)}${head}`);
      for (const line of more) lines.push(`${' '.repeat(width + 2)}${line}`);
    }
  }
  const required = op.params.filter((p) => p.required);
  const example = required
    .map((p) => {
      const value = exampleValue(p);
      return value === undefined ? flagName(p.key) : `${flagName(p.key)} ${value}`;
    })
    .join(' ');
  lines.push('', 'example:', `  castkit call ${callName(op)}${flag}${example ? ` ${example}` : ''}`);
  lines.push(
    '',
    "also: --json '{...}' --raw --api 3|2.44 --base-url URL --api-key KEY --upstream --timeout MS (castkit call --help)",
  );
  return lines.join('\n');
}
