// /_emulator/miniapps: the emulator as a mini-app host. Register the developer's app (its URL and
// webhook), then act as user N: add it, turn notifications on or off, remove it; each sends the app's
// webhook the signed server event and answers with what the app replied. The notification URL the
// host hands out is /_emulator/miniapps/notify, which an app's own sendNotification posts to (no API
// key, as on the real client: the token is the credential); what it delivered is listed per app.

import type { Context, Route } from '../edge/router.js';
import { ValidationError } from '../ground/errors.js';
import { hydrateMiniapps } from '../hydrate/miniapp.js';
import { requireUser } from '../hydrate/user.js';
import { type HostAction, hostAction } from '../miniapps/host.js';
import { checkNotification, deliver } from '../miniapps/notify.js';
import { targetRefusal } from '../outbound/targets.js';
import { MINIAPP_CATEGORIES, NOTIFY_PATH } from '../seed/miniapps.js';
import { isoTime } from '../store/clock.js';
import {
  appDeliveries,
  developerMiniapps,
  miniappById,
  upsertDeveloperMiniapp,
} from '../store/queries/miniapps.js';
import type { Store } from '../store/store.js';
import { queryLimit } from './query.js';

const ACTIONS: Record<string, HostAction> = {
  add: 'add',
  remove: 'remove',
  'notifications/enable': 'enable',
  'notifications/disable': 'disable',
};

export function miniappRoutes(store: Store): Route[] {
  return [
    {
      method: 'GET',
      path: '/_emulator/miniapps',
      handler: ({ url }) => ({ json: { miniapps: appsJson(store, url.origin) } }),
    },
    {
      method: 'POST',
      path: '/_emulator/miniapps',
      body: 'json',
      handler({ body, url }) {
        const b = (body ?? {}) as Record<string, unknown>;
        const home = httpUrl(b.url, 'url');
        const webhook =
          b.webhook_url === undefined || b.webhook_url === null
            ? null
            : targetUrl(store, b.webhook_url, 'webhook_url');
        const name = text(b.name ?? new URL(home).host, 'name');
        const category = b.category === undefined ? 'developer-tools' : text(b.category, 'category');
        if (!(MINIAPP_CATEGORIES as readonly string[]).includes(category)) {
          throw new ValidationError(`category must be one of ${MINIAPP_CATEGORIES.join(', ')}`, 'category');
        }
        const author = b.author_fid === undefined ? 1 : Number(b.author_fid);
        if (!Number.isInteger(author) || author < 1)
          throw new ValidationError('author_fid must be a fid', 'author_fid');
        requireUser(store, author, 'author_fid');
        const id = upsertDeveloperMiniapp(store, {
          url: home,
          name,
          description: typeof b.description === 'string' ? b.description : '',
          category,
          icon_url:
            b.icon_url === undefined
              ? `${home.replace(/\/$/, '')}/icon.png`
              : httpUrl(b.icon_url, 'icon_url'),
          image_url:
            b.image_url === undefined
              ? `${home.replace(/\/$/, '')}/image.png`
              : httpUrl(b.image_url, 'image_url'),
          button_title: typeof b.button_title === 'string' ? b.button_title : `Open ${name}`,
          author_fid: author,
          webhook_url: webhook,
          developer: 1,
          created_at: store.now(),
        });
        return { json: { id, miniapp: appsJson(store, url.origin).find((a) => a.id === id) } };
      },
    },
    ...Object.entries(ACTIONS).map(
      ([path, action]): Route => ({
        method: 'POST',
        path: `/_emulator/miniapps/:id/users/:fid/${path}`,
        body: 'json',
        async handler(ctx: Context) {
          const b = (ctx.body ?? {}) as Record<string, unknown>;
          if (b.notifications !== undefined && typeof b.notifications !== 'boolean') {
            throw new ValidationError('notifications must be true or false', 'notifications');
          }
          const result = await hostAction(
            store,
            positive(ctx.params.id, 'id'),
            positive(ctx.params.fid, 'fid'),
            action,
            ctx.url.origin,
            b.notifications === true,
          );
          return { json: result };
        },
      }),
    ),
    {
      method: 'GET',
      path: '/_emulator/miniapps/:id/notifications',
      handler({ params, url }) {
        const id = positive(params.id, 'id');
        const limit = queryLimit(url.searchParams, 100, 1000);
        if (!miniappById(store, id)) throw new ValidationError(`no mini app with id ${id}`, 'id');
        return {
          json: {
            notifications: appDeliveries(store, id, limit).map((d) => ({
              fid: d.fid,
              notification_id: d.notification_id,
              title: d.title,
              body: d.body,
              target_url: d.target_url,
              token: d.token,
              delivered_at: isoTime(d.ts),
            })),
          },
        };
      },
    },
    {
      // The Farcaster client's notification endpoint, as an app's sendNotification calls it.
      method: 'POST',
      path: NOTIFY_PATH,
      door: 'public',
      body: 'json',
      handler({ body }) {
        const b = (body ?? {}) as Record<string, unknown>;
        if (!Array.isArray(b.tokens) || !b.tokens.every((t) => typeof t === 'string')) {
          throw new ValidationError('tokens must be an array of strings', 'tokens');
        }
        const n = {
          notificationId: b.notificationId as string,
          title: b.title as string,
          body: b.body as string,
          targetUrl: b.targetUrl as string,
        };
        checkNotification(n, b.tokens.length, {
          notificationId: 'notificationId',
          title: 'title',
          body: 'body',
          targetUrl: 'targetUrl',
          tokens: 'tokens',
        });
        const outcomes = deliver(store, b.tokens as string[], n);
        const pick = (o: string) => [...outcomes].filter(([, v]) => v === o).map(([t]) => t);
        return {
          json: {
            result: {
              successfulTokens: pick('successful'),
              invalidTokens: pick('invalid'),
              rateLimitedTokens: pick('rate_limited'),
            },
          },
        };
      },
    },
  ];
}

function appsJson(store: Store, origin: string) {
  const rows = developerMiniapps(store);
  const hydrated = hydrateMiniapps(store, rows, origin);
  return rows.map((r, i) => ({ id: r.id, webhook_url: r.webhook_url, ...hydrated[i]! }));
}

function positive(raw: string | undefined, name: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ValidationError(`${name} must be a positive integer`, name);
  return n;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || !value.trim())
    throw new ValidationError(`${name} must be a non-empty string`, name);
  return value;
}

/** An http(s) URL the emulator will send to: it must pass the one outbound rule. */
function targetUrl(store: Store, value: unknown, name: string): string {
  const href = httpUrl(value, name);
  const refused = targetRefusal(store, String(value), new URL(href));
  if (refused) throw new ValidationError(`${name} is refused: ${refused}`, name);
  return href;
}

function httpUrl(value: unknown, name: string): string {
  const s = text(value, name);
  try {
    const u = new URL(s);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.href;
  } catch {}
  throw new ValidationError(`${name} must be an absolute http(s) URL`, name);
}
