// Public pages of the local ledger's NFTs: generate-image's pictures and the token metadata
// upload-token-metadata stored, at the URLs those operations answer.
import { IMAGE_ID, renderImage } from '../domain/images.js';
import type { Route } from '../edge/router.js';
import { NotFoundError } from '../ground/errors.js';
import { tokenMetadata } from '../store/queries/nfts.js';
import type { Store } from '../store/store.js';

export function onchainPageRoutes(store: Store): Route[] {
  return [
    {
      method: 'GET',
      path: '/_emulator/generated/:file',
      door: 'public',
      handler({ params, res }) {
        const id = /^(.+)\.png$/.exec(params.file ?? '')?.[1];
        if (!id || !IMAGE_ID.test(id)) throw new NotFoundError('no such generated image');
        const png = renderImage(id);
        res.writeHead(200, {
          'content-type': 'image/png',
          'cache-control': 'public, max-age=86400, immutable',
          'content-length': png.length,
        });
        res.end(png);
        return undefined;
      },
    },
    {
      method: 'GET',
      path: '/_emulator/nft/:network/:address/:file',
      door: 'public',
      handler({ params, res }) {
        const tokenId = /^(\d{1,78})\.json$/.exec(params.file ?? '')?.[1];
        const stored =
          tokenId &&
          tokenMetadata(store, params.network ?? '', (params.address ?? '').toLowerCase(), tokenId);
        if (!stored) throw new NotFoundError('no metadata uploaded for this token');
        // Stored as the JSON the upload sent, and served as that text.
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(stored),
        });
        res.end(stored);
        return undefined;
      },
    },
  ];
}
