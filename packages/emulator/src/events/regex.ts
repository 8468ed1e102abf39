// Filter regexes (`text`, `embeds`) arrive from anyone who can create a webhook or subscribe, and
// run on the emulator's one thread against every cast. They run on RE2 (re2js, a pure-JS port):
// matching takes time linear in the input whatever the pattern, and RE2 is the dialect the real
// service's filters use (Go's regexp: `(?i)` flags, no backreferences or lookarounds). Linear is
// still program size × input, so the compiled program is bounded as well as the pattern's length.
import { RE2JS } from 're2js';
import { ValidationError } from '../ground/errors.js';

export const MAX_PATTERN_LENGTH = 256;

/**
 * Largest compiled program a filter may have. Within it RE2's lazy DFA holds every state it meets;
 * past about 1,800 instructions (`(?:a?){600}a{600}`) it falls back to its NFA, 100-300 ms per
 * 10 kB match, where programs at this bound match 10 kB in well under a millisecond.
 */
export const MAX_PROGRAM_SIZE = 1000;

/** Something a filter field can be tested with. */
export interface FilterRegex {
  test(input: string): boolean;
}

/** A compiled RE2 pattern, or a 400 naming `property` and why. */
export function compileFilterRegex(pattern: unknown, property: string): FilterRegex {
  if (typeof pattern !== 'string')
    throw new ValidationError(`${property} must be a string (a regex)`, property);
  if (pattern.length > MAX_PATTERN_LENGTH)
    throw new ValidationError(`${property} is longer than ${MAX_PATTERN_LENGTH} characters`, property);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new ValidationError(`${property} is not a valid RE2 regex: ${why}`, property);
  }
  const size: number = compiled.re2().prog.numInst();
  if (size > MAX_PROGRAM_SIZE)
    throw new ValidationError(
      `${property} is too large a regex (${size} instructions compiled, at most ${MAX_PROGRAM_SIZE})`,
      property,
    );
  return compiled;
}

const NEVER: FilterRegex = { test: () => false };

/**
 * A pattern read back from the store: validated when it was stored, but perhaps by an older
 * emulator that ran V8 regexes (`\u0041` compiled there, not in RE2). Such a field matches nothing
 * rather than stopping the dispatcher or a subscription.
 */
export function storedFilterRegex(pattern: string): FilterRegex {
  try {
    return compileFilterRegex(pattern, 'stored');
  } catch {
    return NEVER;
  }
}
