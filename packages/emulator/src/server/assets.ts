import type { Route } from '../edge/router.js';
import { messageHash } from '../ground/codec.js';
import { NotFoundError } from '../ground/errors.js';

// Deterministic SVGs so avatars and embed images render offline and look the same every run.
const PALETTE = ['#7c65c1', '#f28b82', '#fbbc04', '#34a853', '#4285f4', '#a142f4', '#24c1e0', '#ff7043'];

function colours(key: string): [string, string, number] {
  const h = messageHash(Buffer.from(key));
  return [PALETTE[h[0]! % PALETTE.length]!, PALETTE[h[1]! % PALETTE.length]!, h[2]!];
}

export function avatarSvg(fid: number): string {
  const [bg, fg, n] = colours(`avatar:${fid}`);
  const cells: string[] = [];
  // A 5x5 identicon, mirrored left-right, from the hash bits.
  const bits = messageHash(Buffer.from(`cells:${fid}`));
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 3; x++) {
      if ((bits[y]! >> x) & 1) {
        cells.push(`<rect x="${10 + x * 16}" y="${10 + y * 16}" width="16" height="16"/>`);
        if (x < 2) cells.push(`<rect x="${10 + (4 - x) * 16}" y="${10 + y * 16}" width="16" height="16"/>`);
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100" data-n="${n}"><rect width="100" height="100" fill="${bg}"/><g fill="${fg}">${cells.join('')}</g></svg>`;
}

export function imageSvg(name: string): string {
  const [a, b] = colours(`image:${name}`);
  const label = name.replace(/[^\w-]/g, '').slice(0, 40);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="600" height="400" fill="url(#g)"/><text x="24" y="376" font-family="sans-serif" font-size="20" fill="#fff">${label}</text></svg>`;
}

export const assetRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_emulator/avatar/:file',
    door: 'public',
    handler({ params, res }) {
      const m = /^(\d{1,12})\.svg$/.exec(params.file ?? '');
      if (!m) throw new NotFoundError('no such avatar');
      sendSvg(res, avatarSvg(Number(m[1])));
      return undefined;
    },
  },
  {
    method: 'GET',
    path: '/_emulator/image/:file',
    door: 'public',
    handler({ params, res }) {
      const m = /^([\w-]{1,80})\.svg$/.exec(params.file ?? '');
      if (!m) throw new NotFoundError('no such image');
      sendSvg(res, imageSvg(m[1]!));
      return undefined;
    },
  },
];

function sendSvg(res: import('node:http').ServerResponse, svg: string): void {
  res.writeHead(200, {
    'content-type': 'image/svg+xml',
    'cache-control': 'public, max-age=86400, immutable',
    'content-length': Buffer.byteLength(svg),
  });
  res.end(svg);
}
