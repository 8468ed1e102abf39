// Metadata for URL embeds, from what the emulator knows locally: it never fetches the internet.
// Seeded pages get Open Graph fields derived from their URL; the emulator's own images (served
// under /_emulator/image/) are SVGs of a known size; anything else gets a minimal object.
import type { EmbedUrlMetadata } from '@castkit/sdk/2.x';
import { absoluteUrl } from '../ground/absolute-url.js';

const IMAGE_PREFIX = '/_emulator/image/';

const EXTENSION_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heif: 'image/heif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  pdf: 'application/pdf',
  json: 'application/json',
  m3u8: 'application/x-mpegurl',
  txt: 'text/plain',
};

/** The content type a URL's path suggests; pages without a file extension are HTML. */
export function contentTypeOf(url: string): string {
  const path = safePath(url);
  const ext = path.match(/\.([a-z0-9]+)$/i)?.[1]?.toLowerCase();
  return (ext && Object.hasOwn(EXTENSION_TYPES, ext) && EXTENSION_TYPES[ext]) || 'text/html';
}

/** Whether the URL is one of the emulator's own served images (root-relative or on its origin). */
export function isLocalImage(url: string): boolean {
  return safePath(url).startsWith(IMAGE_PREFIX);
}

export function embedMetadata(url: string, origin: string): EmbedUrlMetadata {
  const type = contentTypeOf(url);
  if (isLocalImage(url) || type.startsWith('image/')) {
    return {
      _status: 'RESOLVED',
      content_type: type,
      content_length: null,
      // The emulator's generated images are all drawn on this canvas.
      ...(isLocalImage(url) ? { image: { width_px: 600, height_px: 400 } } : {}),
    };
  }
  if (type !== 'text/html') return { _status: 'RESOLVED', content_type: type, content_length: null };
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return { _status: 'RESOLVED', content_type: null, content_length: null };
  }
  const slug = parsed.pathname.split('/').filter(Boolean).pop() ?? parsed.hostname;
  const title = titleCase(slug);
  return {
    _status: 'RESOLVED',
    content_type: 'text/html',
    content_length: null,
    html: {
      ogTitle: title,
      ogDescription: `${title} on ${parsed.hostname}`,
      ogSiteName: parsed.hostname,
      ogUrl: parsed.href,
      ogType: 'article',
    },
  };
}

/**
 * Emulator-served images (root-relative, or absolute against the origin the data was seeded on)
 * become URLs on the origin the client reached; other URLs are left alone.
 */
export function absoluteEmbedUrl(url: string, origin: string, seededOrigin?: string): string {
  return absoluteUrl(url, origin, seededOrigin) ?? url;
}

function safePath(url: string): string {
  try {
    return new URL(url, 'http://local').pathname;
  } catch {
    return url;
  }
}

function titleCase(slug: string): string {
  return slug
    .replace(/\.[a-z0-9]+$/i, '')
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
