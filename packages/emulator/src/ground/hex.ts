import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** Hex as viem and the protocol take it: `0x` and hex digits (any case, any length). */
export type Hex = `0x${string}`;

export const isHex = (value: string): value is Hex => /^0x[0-9a-fA-F]*$/.test(value);

/** Keccak-256 of a text's UTF-8 bytes in 0x hex: viem's `keccak256(toHex(text))`, without loading viem. */
export function keccakOfText(text: string): Hex {
  return `0x${bytesToHex(keccak_256(utf8ToBytes(text)))}`;
}
