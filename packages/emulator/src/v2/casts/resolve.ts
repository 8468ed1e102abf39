// Finds the cast a request names: by hash, or by a client URL such as
// `https://warpcast.com/<username>/<hash prefix>` (what clients put in share links).
import { NotFoundError, ValidationError } from '../../protocol/errors.js';
import type { Store } from '../../store/store.js';
import { type CastRow, castHashParam, requireCast } from '../hydrate/cast-rows.js';

export function resolveCast(
  store: Store,
  identifier: string,
  type: 'hash' | 'url',
  property = 'identifier',
): CastRow {
  if (type === 'hash') return requireCast(store, castHashParam(identifier, property), property);
  return resolveCastUrl(store, identifier, property);
}

function resolveCastUrl(store: Store, identifier: string, property: string): CastRow {
  let url: URL;
  try {
    url = new URL(identifier);
  } catch {
    throw new ValidationError(`${property} is not a URL: "${identifier}"`, property);
  }
  const parts = url.pathname.split('/').filter(Boolean);
  // Conversation links carry the whole hash: /~/conversations/0x…
  if (parts[0] === '~' && parts[1] === 'conversations' && parts[2]) {
    return requireCast(store, castHashParam(parts[2], property), property);
  }
  const [username, prefix] = parts;
  if (parts.length !== 2 || !username || !prefix || !/^0x[0-9a-f]{4,40}$/i.test(prefix)) {
    throw new ValidationError(
      `${property} must look like https://warpcast.com/<username>/<cast hash prefix>, got "${identifier}"`,
      property,
    );
  }
  const fid = store.stmt('SELECT fid FROM users WHERE username = ?').pluck().get(username.toLowerCase()) as
    | number
    | undefined;
  if (fid === undefined) throw new NotFoundError(`user ${username} not found`, property);
  const row = store
    .stmt(
      `SELECT * FROM casts WHERE fid = ? AND deleted = 0 AND substr(hash, 1, ?) = ? ORDER BY ts DESC LIMIT 1`,
    )
    .get(fid, prefix.length, prefix.toLowerCase()) as CastRow | undefined;
  if (!row) throw new NotFoundError(`no cast by ${username} starts with ${prefix}`, property);
  return row;
}
