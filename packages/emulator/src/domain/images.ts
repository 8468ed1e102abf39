// generate-image's pictures: a deterministic local image per request instead of a model's. The id
// is a hash of what was asked (prompt, size, sources), the picture a function of the id alone (an
// 8×8 grid of colours from its bytes, as a PNG), so the same prompt always gives the same URL and
// bytes, across restarts and machines, and nothing needs storing.
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const SIDE = 256;
const GRID = 8;
export const IMAGE_ID = /^[0-9a-f]{32}$/;

export interface ImageRequest {
  prompt: string;
  width?: number | undefined;
  height?: number | undefined;
  high_fidelity?: boolean | undefined;
  source_image_urls?: readonly string[] | undefined;
}

export function imageId(r: ImageRequest): string {
  const asked = [
    r.prompt,
    r.width ?? 1024,
    r.height ?? 1024,
    r.high_fidelity ?? false,
    ...(r.source_image_urls ?? []),
  ];
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex').slice(0, 32);
}

export const generatedImageUrl = (origin: string, id: string) => `${origin}/_emulator/generated/${id}.png`;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The PNG of an image id: 256×256, an 8×8 grid whose colours come from the id's hash. */
export function renderImage(id: string): Buffer {
  const bytes = createHash('sha256').update(`castkit-image:${id}`).digest();
  const more = createHash('sha512').update(bytes).digest();
  const palette = Buffer.concat([bytes, more, bytes, more]);
  const cell = SIDE / GRID;
  const raw = Buffer.alloc((SIDE * 3 + 1) * SIDE);
  for (let y = 0; y < SIDE; y++) {
    const row = y * (SIDE * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < SIDE; x++) {
      const c = (Math.floor(y / cell) * GRID + Math.floor(x / cell)) * 3;
      palette.copy(raw, row + 1 + x * 3, c, c + 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIDE, 0);
  ihdr.writeUInt32BE(SIDE, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
