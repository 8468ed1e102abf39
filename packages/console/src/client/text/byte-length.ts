// Farcaster limits a cast's text to 320 bytes of UTF-8, not characters.
export const CAST_TEXT_LIMIT = 320;
const encoder = new TextEncoder();
export const byteLength = (text: string) => encoder.encode(text).byteLength;
