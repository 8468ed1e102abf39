// Untrusted URLs (embeds, bios, cast text) may become links only when they are http(s); anything
// else (javascript:, data:, vbscript:, relative paths) is shown as plain text.
export function safeHttpUrl(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}
