// Small helpers shared by the users, graph, channel, signer and moderation routes.
import type { Call } from '../../api/dispatch.js';
import { ValidationError } from '../../ground/errors.js';
import { type HydrateOptions, requireUser } from '../../hydrate/user.js';

/** Hydration options for a call: its origin and, when given, a viewer that must exist. */
export function viewOf(call: Call<{ viewer_fid?: number }>): HydrateOptions {
  const viewerFid = call.params.viewer_fid;
  if (viewerFid !== undefined) requireUser(call.store, viewerFid, 'viewer_fid');
  return { viewerFid, origin: call.origin };
}

/**
 * A JSON body's list of fids (the request schema has checked each is a fid): at least one, at most
 * `max`, duplicates dropped.
 */
export function fidArray(fids: number[], property: string, max = 100): number[] {
  if (fids.length === 0) {
    throw new ValidationError(`${property} must be a non-empty array of fids`, property, 'InvalidField');
  }
  if (fids.length > max)
    throw new ValidationError(`${property} takes at most ${max} fids`, property, 'InvalidField');
  return [...new Set(fids)];
}

/** At most `max` entries of a csv query parameter. */
export function capped<T>(values: T[], property: string, max = 100): T[] {
  if (values.length > max) {
    throw new ValidationError(
      `${property} takes at most ${max} values, got ${values.length}`,
      property,
      'InvalidField',
    );
  }
  return values;
}

/** Escapes a user's text for a LIKE pattern (with `ESCAPE '\'`), so `%` and `_` match literally. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const SOL_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export const ok = (message?: string) => (message ? { success: true, message } : { success: true });

export { hexValue as hexParam } from '../../api/params.js';
