// An imported cast's mentions as the protocol signs them. The API shows "@name" in the text and
// says where (byte ranges into the shown text); the protocol keeps the text without it and a byte
// position into what is left. Signing it that way gives back the cast's own data, and its hash.
import { ValidationError } from '../ground/errors.js';

export interface ShownMention {
  fid: number;
  start: number;
  end: number;
}

export interface SignedMentions {
  text: string;
  mentions: number[];
  positions: number[];
  /** Mentions left as "@name" text: their user is not here. */
  plain: number;
}

/**
 * `known` says whether a mentioned fid can be a protocol mention here; one that cannot stays in the
 * text as written. A range that is not an "@name" inside the text is the slice's fault: a 400.
 */
export function signedMentions(
  shown: string,
  ranges: readonly ShownMention[],
  known: (fid: number) => boolean,
  field: string,
): SignedMentions {
  const bytes = Buffer.from(shown, 'utf8');
  const order = ranges.map((r, i) => ({ ...r, i })).sort((a, b) => a.start - b.start);
  const parts: Buffer[] = [];
  const mentions: number[] = [];
  const positions: number[] = [];
  let at = 0;
  let kept = 0;
  let plain = 0;
  for (const r of order) {
    if (r.start < at || r.end <= r.start || r.end > bytes.length || bytes[r.start] !== 0x40)
      throw new ValidationError(
        `${field}[${r.i}] must be the byte range of an "@name" in the text, apart from the others`,
        `${field}[${r.i}]`,
      );
    if (!known(r.fid)) {
      plain++;
      continue;
    }
    parts.push(bytes.subarray(at, r.start));
    kept += r.start - at;
    mentions.push(r.fid);
    positions.push(kept);
    at = r.end;
  }
  parts.push(bytes.subarray(at));
  return { text: Buffer.concat(parts).toString('utf8'), mentions, positions, plain };
}
