// Finds the cast a request names: by hash, or by a client URL such as
// `https://warpcast.com/<username>/<hash prefix>` (what clients put in share links).

import { castHashParam } from '../../api/params.js';
import { NotFoundError, ValidationError } from '../../ground/errors.js';
import { requireCast } from '../../hydrate/cast-rows.js';
import { type CastRow, liveCastRow } from '../../store/queries/cast-hydration.js';
import { castByHashPrefix } from '../../store/queries/casts.js';
import { localHashByPrefix } from '../../store/queries/imports.js';
import { fidByUsername } from '../../store/queries/users.js';
import type { Store } from '../../store/store.js';

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
  const fid = fidByUsername(store, username.toLowerCase());
  if (fid === undefined) throw new NotFoundError(`user ${username} not found`, property);
  const imported = localHashByPrefix(store, fid, prefix.toLowerCase());
  const row = imported ? liveCastRow(store, imported) : castByHashPrefix(store, fid, prefix.toLowerCase());
  if (!row) throw new NotFoundError(`no cast by ${username} starts with ${prefix}`, property);
  return row;
}
