/**
 * An emulator asset URL as this server serves it. Seeded URLs carry the origin of the emulator that
 * seeded (meta `asset_origin`); when a database file is reopened on another port, v2 renders pass
 * stored URLs through here so avatars keep loading. Other URLs come back unchanged.
 */
export function absoluteUrl(url: string | null, origin: string, seededOrigin?: string): string | null {
  if (!url) return url;
  if (url.startsWith('/_emulator/')) return `${origin}${url}`;
  if (seededOrigin && seededOrigin !== origin && url.startsWith(`${seededOrigin}/_emulator/`)) {
    return origin + url.slice(seededOrigin.length);
  }
  return url;
}

/**
 * The other way: an emulator asset URL as a client sent it (this server's origin) in the form the
 * database stores it, the seeding origin's, so a write or a filter meets the seeded rows. Others unchanged.
 */
export function storedAssetUrl(url: string, origin: string, seededOrigin?: string): string {
  if (seededOrigin && seededOrigin !== origin && url.startsWith(`${origin}/_emulator/`)) {
    return seededOrigin + url.slice(origin.length);
  }
  return url;
}
