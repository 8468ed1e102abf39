// /_emulator/miniapps: the emulator as a mini-app host. Register the developer's app (its URL and
// webhook), then act as user N: add it, turn notifications on or off, remove it; each sends the app's
// webhook the signed server event and answers with what the app replied. The notification URL the
// host hands out is /_emulator/miniapps/notify, which an app's own sendNotification posts to (no API
// key, as on the real client: the token is the credential); what it delivered is listed per app.
import type { HostedMiniapp } from '../control/answers.js';
import type { HostActionRoute } from '../control/routes.js';
import type { HostAction } from '../control/vocabulary.js';
import { openNotification } from '../domain/campaigns.js';
import { NotFoundError, ValidationError } from '../ground/errors.js';
import { hydrateMiniapps } from '../hydrate/miniapp.js';
import { requireUser } from '../hydrate/user.js';
import { hostAction } from '../miniapps/host.js';
import { checkNotification, deliver } from '../miniapps/notify.js';
import { targetRefusal } from '../outbound/targets.js';
import { isoTime } from '../store/clock.js';
import {
  appDeliveries,
  developerMiniapps,
  type MiniappRow,
  miniappById,
  upsertDeveloperMiniapp,
} from '../store/queries/miniapps.js';
import type { Store } from '../store/store.js';
import type { ControlHandler, ControlHandlers } from './control-routes.js';

export function miniappHandlers(store: Store) {
  /** User `fid` does `action` to app `id`, as the Farcaster client hosting it would. */
  const act =
    (action: HostAction): ControlHandler<HostActionRoute> =>
    ({ params, body }, { url }) =>
      hostAction(store, params.id, params.fid, action, url.origin, body.notifications === true);
  return {
    'GET /_emulator/miniapps': (_, { url }) => ({
      miniapps: hosted(store, developerMiniapps(store), url.origin),
    }),
    'POST /_emulator/miniapps': ({ body: b }, { url }) => {
      const home = b.url.href;
      const webhook = b.webhook_url ? sendable(store, b.webhook_url, 'webhook_url') : null;
      const name = b.name ?? new URL(home).host;
      const author = b.author_fid ?? 1;
      requireUser(store, author, 'author_fid');
      const id = upsertDeveloperMiniapp(store, {
        url: home,
        name,
        description: b.description ?? '',
        category: b.category ?? 'developer-tools',
        icon_url: b.icon_url?.href ?? `${home.replace(/\/$/, '')}/icon.png`,
        image_url: b.image_url?.href ?? `${home.replace(/\/$/, '')}/image.png`,
        button_title: b.button_title ?? `Open ${name}`,
        author_fid: author,
        webhook_url: webhook,
        developer: 1,
        created_at: store.now(),
      });
      const [miniapp] = hosted(store, [registered(store, id)], url.origin);
      if (!miniapp) throw new NotFoundError(`no mini app with id ${id}`, 'id');
      return { id, miniapp };
    },
    'POST /_emulator/miniapps/:id/users/:fid/add': act('add'),
    'POST /_emulator/miniapps/:id/users/:fid/remove': act('remove'),
    'POST /_emulator/miniapps/:id/users/:fid/notifications/enable': act('notifications/enable'),
    'POST /_emulator/miniapps/:id/users/:fid/notifications/disable': act('notifications/disable'),
    'POST /_emulator/miniapps/:id/users/:fid/notifications/open': ({ params, body }) => {
      const opened = openNotification(store, params.id, params.fid, body.notification_id);
      return { ...opened, opened_at: isoTime(opened.opened_at) };
    },
    'GET /_emulator/miniapps/:id/notifications': ({ params: { id }, query }) => {
      if (!miniappById(store, id)) throw new ValidationError(`no mini app with id ${id}`, 'id');
      return {
        notifications: appDeliveries(store, id, query.limit).map((d) => ({
          fid: d.fid,
          notification_id: d.notification_id,
          title: d.title,
          body: d.body,
          target_url: d.target_url,
          token: d.token,
          delivered_at: isoTime(d.ts),
        })),
      };
    },
    // The Farcaster client's notification endpoint, as an app's sendNotification calls it.
    'POST /_emulator/miniapps/notify': ({ body: { tokens, ...n } }) => {
      checkNotification(n, tokens.length, {
        notificationId: 'notificationId',
        title: 'title',
        body: 'body',
        targetUrl: 'targetUrl',
        tokens: 'tokens',
      });
      const outcomes = deliver(store, tokens, n);
      const pick = (o: string) => [...outcomes].filter(([, v]) => v === o).map(([t]) => t);
      return {
        result: {
          successfulTokens: pick('successful'),
          invalidTokens: pick('invalid'),
          rateLimitedTokens: pick('rate_limited'),
        },
      };
    },
  } satisfies Partial<ControlHandlers>;
}

function hosted(store: Store, rows: readonly MiniappRow[], origin: string): HostedMiniapp[] {
  const apps = hydrateMiniapps(store, rows, origin);
  return rows.flatMap((r, i) => {
    const app = apps[i];
    return app ? [{ ...app, id: r.id, name: r.name, webhook_url: r.webhook_url }] : [];
  });
}

function registered(store: Store, id: number): MiniappRow {
  const row = miniappById(store, id);
  if (!row) throw new NotFoundError(`no mini app with id ${id}`, 'id');
  return row;
}

/** A URL the emulator will send to: it must pass the one outbound rule. */
function sendable(store: Store, url: { text: string; href: string }, name: string): string {
  const refused = targetRefusal(store, url.text, new URL(url.href));
  if (refused) throw new ValidationError(`${name} is refused: ${refused}`, name);
  return url.href;
}
