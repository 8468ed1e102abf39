// A seeded catalogue app as its own site (seed/miniapps.ts): the page a client opens, its `home_url`,
// carrying the `fc:miniapp` embed a crawler reads, and the manifest a client fetches beside it.
// The seeded apps share the emulator's origin, so each manifest sits under its app's path
// (`<home_url>/.well-known/farcaster.json`) rather than at the origin's root.

import { escapeHtml } from '../ground/escape-html.js';
import type { MiniappView } from '../hydrate/miniapp.js';

/** The embed of the app's page: what a client draws the app's card and launch button from. */
function embed(app: MiniappView, actionType: 'launch_miniapp' | 'launch_frame') {
  return {
    version: '1',
    imageUrl: app.image,
    button: {
      title: app.title ?? app.name,
      action: {
        type: actionType,
        name: app.name,
        url: app.frames_url,
        splashImageUrl: app.icon,
        splashBackgroundColor: '#ffffff',
      },
    },
  };
}

export function catalogAppHtml(app: MiniappView): string {
  const description = app.manifest.frame.description ?? '';
  const tags: [string, string][] = [
    ['og:title', app.name],
    ['og:description', description],
    ['og:image', app.image],
    ['fc:miniapp', JSON.stringify(embed(app, 'launch_miniapp'))],
    // The same embed under the name clients read before fc:miniapp.
    ['fc:frame', JSON.stringify(embed(app, 'launch_frame'))],
  ];
  const meta = tags.map(([k, v]) => `<meta name="${k}" content="${escapeHtml(v)}">`);
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(app.name)}</title>`,
    ...meta,
    '</head><body>',
    `<h1>${escapeHtml(app.name)}</h1>`,
    `<p>${escapeHtml(description)}</p>`,
    `<img src="${escapeHtml(app.image)}" alt="${escapeHtml(app.name)}">`,
    '</body></html>',
  ].join('\n');
}

/** `farcaster.json`: the manifest the v2 objects carry, in that file's camelCase field names. */
export function farcasterJson(app: MiniappView) {
  const { account_association: accountAssociation, frame } = app.manifest;
  const miniapp = Object.fromEntries(
    Object.entries(frame).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );
  // `frame` is the name older clients read.
  return { accountAssociation, miniapp, frame: miniapp };
}
