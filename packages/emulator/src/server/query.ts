// What the developer controls read from a query string: one reading of `limit` for every list.
import { ValidationError } from '../ground/errors.js';

/** `?limit=`: a whole number from 1 to `max`, `fallback` when absent; anything else a 400 naming it. */
export function queryLimit(query: URLSearchParams, fallback: number, max: number): number {
  const limit = query.has('limit') ? Number(query.get('limit')) : fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > max)
    throw new ValidationError(`limit must be an integer from 1 to ${max}`, 'limit');
  return limit;
}
