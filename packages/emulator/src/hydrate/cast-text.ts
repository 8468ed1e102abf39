// Cast text as the API shows it. The protocol stores text without the "@name" of each mention and
// says where each one goes (mentionsPositions, UTF-8 byte offsets into the stored text); the API
// shows the text with "@username" put back. Ranges are UTF-8 byte offsets into the shown text,
// the same unit the protocol uses, so a client slices with TextEncoder/Buffer.

export interface TextRange {
  start: number;
  end: number;
}

export interface RenderedText {
  text: string;
  /** One range per mention, in the order of `mentions`. */
  ranges: TextRange[];
}

export function renderMentions(
  stored: string,
  mentions: readonly number[],
  positions: readonly number[],
  usernameOf: (fid: number) => string,
): RenderedText {
  if (!mentions.length) return { text: stored, ranges: [] };
  const bytes = Buffer.from(stored, 'utf8');
  // Positions are non-decreasing by protocol rule; sort defensively, keeping each mention's index.
  const order = mentions.map((_, i) => i).sort((a, b) => (positions[a] ?? 0) - (positions[b] ?? 0) || a - b);
  const parts: Buffer[] = [];
  const ranges: TextRange[] = new Array(mentions.length);
  let at = 0;
  let outLength = 0;
  for (const i of order) {
    const pos = Math.min(Math.max(positions[i] ?? 0, at), bytes.length);
    const chunk = bytes.subarray(at, pos);
    parts.push(chunk);
    outLength += chunk.length;
    const name = Buffer.from(`@${usernameOf(mentions[i]!)}`, 'utf8');
    ranges[i] = { start: outLength, end: outLength + name.length };
    parts.push(name);
    outLength += name.length;
    at = pos;
  }
  parts.push(bytes.subarray(at));
  return { text: Buffer.concat(parts).toString('utf8'), ranges };
}

/** "/channel" mentions in shown text: candidate ids with their byte ranges. */
export function channelMentionCandidates(text: string): { id: string; range: TextRange }[] {
  const out: { id: string; range: TextRange }[] = [];
  for (const m of text.matchAll(/(^|\s)\/([a-z0-9][a-z0-9-]{0,31})(?=$|[\s.,!?:;)])/g)) {
    const start = Buffer.byteLength(text.slice(0, m.index + m[1]!.length));
    out.push({ id: m[2]!, range: { start, end: start + 1 + Buffer.byteLength(m[2]!) } });
  }
  return out;
}

/**
 * What publishCast does with "@username" in the text it is given: known usernames become protocol
 * mentions (removed from the text, with their byte position); unknown ones stay as plain text.
 */
export function extractMentions(
  text: string,
  fidOfUsername: (name: string) => number | undefined,
  max = 10,
): { text: string; mentions: number[]; positions: number[] } {
  const mentions: number[] = [];
  const positions: number[] = [];
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/(^|[^\w@/.])@([a-z0-9][a-z0-9-]{0,15}(?:\.eth)?)\b/gi)) {
    if (mentions.length >= max) break;
    const fid = fidOfUsername(m[2]!.toLowerCase());
    if (fid === undefined) continue;
    const at = m.index + m[1]!.length;
    out += text.slice(last, at);
    positions.push(Buffer.byteLength(out));
    mentions.push(fid);
    last = at + 1 + m[2]!.length;
  }
  out += text.slice(last);
  return { text: out, mentions, positions };
}
