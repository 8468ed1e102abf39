// Filter regexes (`text`, `embeds`) arrive from anyone who can create a webhook or subscribe, and
// run on the emulator's one thread against every cast. The spec asks for Go's RE2, which cannot
// backtrack; V8 can, so patterns that could run away are refused when the filter is created:
// nested quantifiers (`(a+)+`), quantified alternations whose branches may overlap (`(a|ab)*`),
// backreferences and lookarounds (RE2 has neither), and long patterns.
import { ValidationError } from '../protocol/errors.js';

export const MAX_PATTERN_LENGTH = 256;

/** RE2's leading inline flags (`(?i)` in the spec's example) become JS flags; others are refused. */
const INLINE_FLAGS = /^\(\?([ims]+)\)/;

/** A RegExp that cannot run away, or a 400 naming `property` and why. */
export function compileFilterRegex(pattern: unknown, property: string): RegExp {
  if (typeof pattern !== 'string')
    throw new ValidationError(`${property} must be a string (a regex)`, property);
  if (pattern.length > MAX_PATTERN_LENGTH)
    throw new ValidationError(`${property} is longer than ${MAX_PATTERN_LENGTH} characters`, property);
  let source = pattern;
  let flags = '';
  const inline = INLINE_FLAGS.exec(source);
  if (inline) {
    flags += [...new Set(inline[1])].join('');
    source = source.slice(inline[0].length);
  }
  const risk = runawayRisk(source);
  if (risk) throw new ValidationError(`${property} could run away: ${risk}`, property);
  try {
    return new RegExp(source, flags);
  } catch (e) {
    throw new ValidationError(`${property} is not a valid regex: ${(e as Error).message}`, property);
  }
}

interface Group {
  hasQuantifier: boolean;
  branches: string[];
}

/** Why the pattern could backtrack without bound, or undefined when it cannot. */
export function runawayRisk(source: string): string | undefined {
  const stack: Group[] = [{ hasQuantifier: false, branches: [''] }];
  let i = 0;
  const top = () => stack[stack.length - 1]!;
  const append = (text: string) => {
    for (const g of stack) g.branches[g.branches.length - 1] += text;
  };
  const quantifierAt = (at: number): number => {
    const c = source[at];
    if (c === '*' || c === '+' || c === '?') return 1 + (source[at + 1] === '?' ? 1 : 0);
    if (c === '{') {
      const m = /^\{\d+(,\d*)?\}\??/.exec(source.slice(at));
      if (m) return m[0].length;
    }
    return 0;
  };
  const unbounded = (q: string) =>
    q.startsWith('*') || q.startsWith('+') || /^\{\d+,\}/.test(q) || /^\{\d+,\d{2,}\}/.test(q);
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'backreferences are not supported (RE2 has none)';
      append(source.slice(i, i + 2));
      i += 2;
    } else if (c === '[') {
      const end = classEnd(source, i);
      append(source.slice(i, end));
      i = end;
    } else if (c === '(') {
      if (/^\(\?[=!]|^\(\?<[=!]/.test(source.slice(i))) return 'lookarounds are not supported (RE2 has none)';
      const named = /^\((\?:|\?<[A-Za-z_][A-Za-z0-9_]*>)?/.exec(source.slice(i))![0];
      append('(');
      stack.push({ hasQuantifier: false, branches: [''] });
      i += named.length;
      continue;
    } else if (c === ')') {
      if (stack.length === 1) return undefined; // unbalanced: RegExp itself reports it
      const group = stack.pop()!;
      append(')');
      i += 1;
      const q = source.slice(i, i + quantifierAt(i));
      if (q) {
        if (group.hasQuantifier && unbounded(q))
          return 'a repeated group repeats inside (nested quantifiers)';
        if (group.branches.length > 1 && unbounded(q) && branchesMayOverlap(group.branches))
          return 'a repeated alternation has branches that may match the same text';
        top().hasQuantifier = true;
        append(q);
        i += q.length;
      } else if (group.hasQuantifier) {
        top().hasQuantifier = true;
      }
      continue;
    } else if (c === '|') {
      top().branches.push('');
      i += 1;
      continue;
    } else {
      append(c);
      i += 1;
    }
    const q = quantifierAt(i);
    if (q) {
      top().hasQuantifier = true;
      append(source.slice(i, i + q));
      i += q;
    }
  }
  return undefined;
}

function classEnd(source: string, start: number): number {
  let i = start + 1;
  if (source[i] === '^') i += 1;
  if (source[i] === ']') i += 1;
  while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Plain literal branches starting with distinct characters cannot overlap; anything else might. */
function branchesMayOverlap(branches: string[]): boolean {
  const firsts = new Set<string>();
  for (const b of branches) {
    if (!b || /[\\[.()*+?{]/.test(b)) return true;
    const first = b[0]!.toLowerCase();
    if (firsts.has(first)) return true;
    firsts.add(first);
  }
  return false;
}
