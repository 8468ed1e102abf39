/** Hex as viem and the protocol take it: `0x` and hex digits (any case, any length). */
export type Hex = `0x${string}`;

export const isHex = (value: string): value is Hex => /^0x[0-9a-fA-F]*$/.test(value);
