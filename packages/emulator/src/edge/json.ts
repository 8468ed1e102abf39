// Response bodies as JSON bytes. Objects from the read caches (store/read-cache.ts) are deeply
// frozen and shared by many responses (a popular cast sits in thousands of feeds), so the encoded
// text of each is kept beside it and copied in, rather than serialized and encoded again.

const encoded = new WeakMap<object, Buffer>();

/** Levels walked looking for shared objects; deeper values are serialized whole. */
const WALKED_LEVELS = 3;

/** The UTF-8 bytes of `JSON.stringify(value)` for the bodies handlers return. */
export function toJsonBytes(value: unknown): Buffer {
  const parts: (string | Buffer)[] = [];
  if (!write(value, WALKED_LEVELS, parts)) return Buffer.from('null');
  // Adjacent strings are encoded together; kept buffers are copied as they are.
  const chunks: Buffer[] = [];
  let text = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    if (text) chunks.push(Buffer.from(text));
    text = '';
    chunks.push(part);
  }
  if (text) chunks.push(Buffer.from(text));
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** Appends the JSON of `value` to `out`; false when JSON has no text for it (undefined, functions). */
function write(value: unknown, levels: number, out: (string | Buffer)[]): boolean {
  if (value === null || typeof value !== 'object') {
    const text: string | undefined = JSON.stringify(value);
    if (text === undefined) return false;
    out.push(text);
    return true;
  }
  if (Object.isFrozen(value)) {
    let bytes = encoded.get(value);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(value));
      encoded.set(value, bytes);
    }
    out.push(bytes);
    return true;
  }
  if (levels === 0 || 'toJSON' in value) {
    out.push(JSON.stringify(value));
    return true;
  }
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((v, i) => {
      if (i) out.push(',');
      if (!write(v, levels - 1, out)) out.push('null');
    });
    out.push(']');
    return true;
  }
  out.push('{');
  let first = true;
  for (const [key, v] of Object.entries(value)) {
    const mark = out.length;
    out.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    if (write(v, levels - 1, out)) first = false;
    else out.length = mark;
  }
  out.push('}');
  return true;
}
