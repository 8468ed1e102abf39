// Raw request bodies (hub messages are protobuf bytes) and their normalisation to exact bytes.

/** What a binary body may be given as. A typed-array view sends only the bytes it covers. */
export type BinaryBody = Uint8Array | ArrayBuffer | Blob;

export function isBinaryBody(value: unknown): value is BinaryBody {
  return (
    value instanceof Uint8Array ||
    value instanceof ArrayBuffer ||
    (typeof Blob !== 'undefined' && value instanceof Blob)
  );
}

/** The exact bytes of a body, never the whole buffer behind a view. */
export async function bodyBytes(body: BinaryBody): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return new Uint8Array(await body.arrayBuffer());
}
