import { blake3 } from '@noble/hashes/blake3';
import { blake3Chunk20 } from './blake3-chunk.js';

/** Farcaster timestamps count seconds from 2021-01-01T00:00:00Z. */
export const FARCASTER_EPOCH_MS = 1_609_459_200_000;

export const toFarcasterTime = (unixMs: number): number => Math.floor((unixMs - FARCASTER_EPOCH_MS) / 1000);
export const fromFarcasterTime = (fcSeconds: number): number => fcSeconds * 1000 + FARCASTER_EPOCH_MS;

export const toHex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;

export function fromHex(hex: string): Uint8Array {
  const body = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) throw new TypeError(`not hex: ${hex}`);
  return new Uint8Array(Buffer.from(body, 'hex'));
}

export const isHex = (value: string, bytes?: number): boolean =>
  new RegExp(`^0x[0-9a-fA-F]${bytes === undefined ? '*' : `{${bytes * 2}}`}$`).test(value);

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** The protocol's message hash: blake3 truncated to 20 bytes. */
export const messageHash = (dataBytes: Uint8Array): Uint8Array =>
  blake3Chunk20(dataBytes) ?? blake3(dataBytes, { dkLen: 20 });
