// Response bodies as JSON text. Objects from the read caches (store/read-cache.ts) are frozen and
// shared by many responses (a popular cast sits in thousands of feeds), so the text of each is
// kept beside it and spliced in rather than produced again for every response.

const texts = new WeakMap<object, string>();

/** Levels walked looking for shared objects; deeper values are serialized whole. */
const WALKED_LEVELS = 3;

/** The same text as `JSON.stringify(value)` for the bodies handlers return. */
export function toJson(value: unknown): string {
  return write(value, WALKED_LEVELS) ?? 'null';
}

function write(value: unknown, levels: number): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Object.isFrozen(value)) {
    let text = texts.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      texts.set(value, text);
    }
    return text;
  }
  if (levels === 0 || 'toJSON' in value) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => write(v, levels - 1) ?? 'null').join(',')}]`;
  const members: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const text = write(v, levels - 1);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}
