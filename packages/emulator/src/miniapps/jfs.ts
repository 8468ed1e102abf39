// JSON Farcaster Signatures, as a Farcaster client signs the server events it sends a mini app's
// webhook: `{ header, payload, signature }`, each base64url; the header names the user's fid and
// app key (`type: 'app_key'`), and the ed25519 signature covers the ASCII of `header.payload`.
import { toHex } from '../ground/codec.js';
import { ed25519PublicKey, ed25519Sign } from '../ground/keys.js';

export interface JsonFarcasterSignature {
  header: string;
  payload: string;
  signature: string;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

export function signJfs(fid: number, appKey: Uint8Array, payload: object): JsonFarcasterSignature {
  const header = b64url(JSON.stringify({ fid, type: 'app_key', key: toHex(ed25519PublicKey(appKey)) }));
  const body = b64url(JSON.stringify(payload));
  const signature = ed25519Sign(appKey, new TextEncoder().encode(`${header}.${body}`));
  return { header, payload: body, signature: b64url(signature) };
}
