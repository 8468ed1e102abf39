// The SDK generations the explorer offers. Apart from the catalog so the router (in every first load)
// can read a link's generation without importing the operation tables.

/** `3` is today's SDK (`@castkit/sdk`), `2.44` is `@castkit/sdk/2.x`. */
export const GENERATIONS = ['3', '2.44'] as const;
export type Generation = (typeof GENERATIONS)[number];
export const DEFAULT_GENERATION: Generation = '3';

/** A link's `api` value, which the router's JSON parsing may have made a number (`2.44`). */
export function parseGeneration(value: unknown): Generation | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return text === '3' || text === '2.44' ? text : undefined;
}

/** `3.x`, `2.44`: how screens name a generation. */
export const generationLabel = (g: Generation) => (g === '3' ? '3.x' : '2.44');

/** The URL's `api` value for a generation: 3.x is the default and leaves it out. */
export const linkApi = (g: Generation): Generation | undefined => (g === DEFAULT_GENERATION ? undefined : g);
