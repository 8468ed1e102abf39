// A developer's page frame (publishNeynarFrame) as the vNext frame a client renders: each page is an
// HTML document of `fc:frame:*` meta tags, and tapping a button POSTs to the page, which answers
// with the next page, or a 302 to the button's redirect URL (post_redirect), as frames v1 specify.
import type { NeynarFramePage, NeynarPageButton } from '@castkit/sdk/2.x';
import { escapeHtml } from '../ground/escape-html.js';

/** Where a page frame is served; its `link` is the first page, lookups by URL accept it back. */
export const FRAME_PATH = '/_emulator/frames/';

export const frameLink = (origin: string, uuid: string): string => `${origin}${FRAME_PATH}${uuid}`;
export const pageLink = (origin: string, uuid: string, page: string): string =>
  `${frameLink(origin, uuid)}/pages/${page}`;

/** True for an absolute http(s) URL: the only kind a page links to, shows or redirects to. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Where a button leads outside the frame (link, mint, post_redirect), if its next page says: a
 * redirect only to http(s) (a `javascript:` one stored by an older emulator is dropped), a mint to
 * its CAIP-style token id.
 */
function target(b: NeynarPageButton): string | undefined {
  const next = b.next_page;
  if (next && 'redirect_url' in next) return isHttpUrl(next.redirect_url) ? next.redirect_url : undefined;
  if (next && 'mint_url' in next && typeof next.mint_url === 'string') return next.mint_url;
  return undefined;
}

const imageTags = (image: string): [string, string][] => [
  ['og:image', image],
  ['fc:frame:image', image],
];

/** The page as an HTML document whose meta tags a frame client (or fetchFrameMetaTagsFromUrl) reads. */
export function pageHtml(name: string, page: NeynarFramePage, postUrl: string): string {
  // Only an http(s) image is shown, also for pages stored before publishing checked it.
  const image = isHttpUrl(page.image?.url) ? page.image.url : undefined;
  const tags: [string, string][] = [
    ['fc:frame', 'vNext'],
    ['og:title', page.title],
    ...(image ? imageTags(image) : []),
    ['fc:frame:image:aspect_ratio', page.image?.aspect_ratio ?? '1.91:1'],
    ['fc:frame:post_url', postUrl],
  ];
  if (page.input?.text?.enabled) tags.push(['fc:frame:input:text', page.input.text.placeholder ?? '']);
  for (const b of page.buttons ?? []) {
    tags.push([`fc:frame:button:${b.index}`, b.title], [`fc:frame:button:${b.index}:action`, b.action_type]);
    const to = target(b);
    if (to) tags.push([`fc:frame:button:${b.index}:target`, to]);
  }
  const meta = tags.map(([k, v]) => `<meta property="${k}" content="${escapeHtml(v)}">`);
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(`${name}: ${page.title}`)}</title>`,
    ...meta,
    '</head><body>',
    `<h1>${escapeHtml(page.title)}</h1>`,
    ...(image ? [`<img src="${escapeHtml(image)}" alt="${escapeHtml(page.title)}">`] : []),
    '</body></html>',
  ].join('\n');
}

export type Tap = { page: NeynarFramePage } | { redirect: string } | { stay: true };

/** What tapping button `index` on `page` leads to: another page, a redirect, or the same page. */
export function tap(pages: NeynarFramePage[], page: NeynarFramePage, index: number): Tap | undefined {
  const button = page.buttons?.find((b) => b.index === index);
  if (!button) return undefined;
  const next = button.next_page && 'uuid' in button.next_page ? button.next_page : undefined;
  const to = target(button);
  if (button.action_type === 'post_redirect' && to) return { redirect: to };
  const nextPage = next?.uuid ? pages.find((p) => p.uuid === next.uuid) : undefined;
  return nextPage ? { page: nextPage } : { stay: true };
}
