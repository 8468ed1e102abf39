// JSON Farcaster Signatures (compact form `header.payload.signature`, each base64url): a payload
// signed by a fid's app key, which the receiving app checks against the fid's registered keys.
import { toHex } from './codec.js';
import { ed25519PublicKey, ed25519Sign } from './keys.js';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

export function signJfs(fid: number, privateKey: Uint8Array, payload: unknown): string {
  const header = b64url(JSON.stringify({ fid, type: 'app_key', key: toHex(ed25519PublicKey(privateKey)) }));
  const body = b64url(JSON.stringify(payload));
  const signature = ed25519Sign(privateKey, Buffer.from(`${header}.${body}`));
  return `${header}.${body}.${b64url(signature)}`;
}
