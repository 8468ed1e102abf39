/** A JSON object (or any non-array object), whose fields may then be read as unknowns. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
