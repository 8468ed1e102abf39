// The @mention or /channel being typed at the caret, if any, and how to replace it with a choice.
export interface Partial {
  kind: 'user' | 'channel';
  query: string;
  start: number;
  end: number;
}

export function partialAt(text: string, caret: number): Partial | undefined {
  const before = text.slice(0, caret);
  const m = before.match(/(^|\s)([@/])([a-z0-9][a-z0-9-.]*)$/i);
  if (!m) return undefined;
  const start = caret - m[3]!.length - 1;
  return { kind: m[2] === '@' ? 'user' : 'channel', query: m[3]!, start, end: caret };
}

export function applyChoice(text: string, partial: Partial, value: string): { text: string; caret: number } {
  const sigil = partial.kind === 'user' ? '@' : '/';
  const inserted = `${sigil}${value} `;
  return {
    text: text.slice(0, partial.start) + inserted + text.slice(partial.end),
    caret: partial.start + inserted.length,
  };
}
