// A page's mini-app embed from its <meta> tags: `fc:miniapp` / `fc:frame` holding the JSON embed
// of a mini app, or the older `fc:frame = vNext` tag family of page frames.
import type { Frame, FrameActionButton, HtmlMetadata } from '@castkit/sdk/2.x';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** Every meta tag's name (or property) and content; later tags of the same name win. */
export function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = new Map<string, string>();
    for (const m of tag.matchAll(/([a-z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
      attrs.set(m[1]!.toLowerCase(), decode(m[2] ?? m[3] ?? m[4] ?? ''));
    }
    const name = attrs.get('name') ?? attrs.get('property');
    const content = attrs.get('content');
    if (name && content !== undefined) tags.set(name.toLowerCase(), content);
  }
  return tags;
}

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      // fromCodePoint throws past U+10FFFF: such a reference stays as written.
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    const name = e.toLowerCase();
    return Object.hasOwn(ENTITIES, name) ? ENTITIES[name]! : all;
  });
}

interface MiniappEmbed {
  version?: string;
  imageUrl?: string;
  button?: {
    title?: string;
    action?: { type?: string; name?: string; url?: string; splashImageUrl?: string };
  };
}

/** The frame the tags describe, or undefined when the page carries no mini-app tags. */
export function frameFromTags(tags: Map<string, string>, pageUrl: string): Frame | undefined {
  const html: HtmlMetadata = {
    ...(tags.get('og:title') ? { ogTitle: tags.get('og:title') } : {}),
    ...(tags.get('og:description') ? { ogDescription: tags.get('og:description') } : {}),
    ...(tags.get('og:image') ? { ogImage: [{ url: tags.get('og:image')! }] } : {}),
  };
  const embedJson = tags.get('fc:miniapp') ?? tags.get('fc:frame');
  if (embedJson && embedJson !== 'vNext') {
    let embed: MiniappEmbed;
    try {
      embed = JSON.parse(embedJson) as MiniappEmbed;
    } catch {
      return undefined;
    }
    if (typeof embed !== 'object' || embed === null || typeof embed.imageUrl !== 'string') return undefined;
    const action = embed.button?.action ?? {};
    const frame: Frame & { name: string; icon: string } = {
      version: 'next',
      image: embed.imageUrl,
      frames_url: typeof action.url === 'string' ? new URL(action.url, pageUrl).href : pageUrl,
      name: action.name ?? tags.get('og:title') ?? new URL(pageUrl).host,
      icon: action.splashImageUrl ?? embed.imageUrl,
      ...(embed.button?.title ? { title: embed.button.title } : {}),
      metadata: { html },
    };
    return frame;
  }
  if (embedJson === 'vNext') {
    const image = tags.get('fc:frame:image') ?? tags.get('og:image');
    if (!image) return undefined;
    const buttons: FrameActionButton[] = [];
    for (let i = 1; i <= 4; i++) {
      const title = tags.get(`fc:frame:button:${i}`);
      if (title === undefined) continue;
      const type = tags.get(`fc:frame:button:${i}:action`) ?? 'post';
      const target = tags.get(`fc:frame:button:${i}:target`);
      buttons.push({
        index: i,
        title,
        action_type: (['post', 'post_redirect', 'tx', 'link', 'mint'].includes(type)
          ? type
          : 'post') as FrameActionButton['action_type'],
        ...(target ? { target } : {}),
      });
    }
    const input = tags.get('fc:frame:input:text');
    const state = tags.get('fc:frame:state');
    const ratio = tags.get('fc:frame:image:aspect_ratio');
    return {
      version: 'vNext',
      image,
      frames_url: pageUrl,
      buttons,
      post_url: tags.get('fc:frame:post_url') ?? pageUrl,
      ...(tags.get('og:title') ? { title: tags.get('og:title') } : {}),
      ...(ratio ? { image_aspect_ratio: ratio } : {}),
      ...(input ? { input: { text: input } } : {}),
      ...(state ? { state: { serialized: state } } : {}),
    };
  }
  return undefined;
}
