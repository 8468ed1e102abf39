// Generated inputs for any ParamSpec, as a user would type them into the generated form.
import type { ParamSpec } from '@castkit/sdk/2.x';
import { fieldKind } from '../../src/explorer/form-model';

export type Fill =
  | { kind: 'select'; value: string }
  | { kind: 'toggle' }
  | { kind: 'type'; value: string }
  | { kind: 'tokens'; value: string };

export function sampleFill(p: ParamSpec): Fill {
  switch (fieldKind(p)) {
    case 'enum':
      return { kind: 'select', value: String(p.enum![0]) };
    case 'boolean':
      return { kind: 'toggle' };
    case 'integer':
    case 'number':
      return { kind: 'type', value: String(sampleNumber(p)) };
    case 'tokens':
      return { kind: 'tokens', value: p.items === 'integer' || p.items === 'number' ? '1,2' : 'a,b' };
    case 'date':
      return { kind: 'type', value: '2024-04-06T06:44' };
    case 'json': {
      const first = p.shape ? Object.keys(p.shape)[0] : undefined;
      const obj = first ? `{"${first}":"x"}` : '{}';
      return { kind: 'type', value: p.type === 'array' ? `[${obj}]` : obj };
    }
    case 'binary':
      return { kind: 'type', value: '0x0a01' };
    default:
      return { kind: 'type', value: `sample-${p.name.replace(/[^a-z0-9]/gi, '')}` };
  }
}

function sampleNumber(p: ParamSpec): number {
  if (p.minimum !== undefined) return p.minimum;
  if (p.maximum !== undefined && p.maximum < 1) return p.maximum;
  return 1;
}
