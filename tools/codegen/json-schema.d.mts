/** A JSON Schema as Ajv reads it: an object of keywords, or `true`/`false`. */
export type JsonSchema = { [keyword: string]: unknown } | boolean;
export function toJsonSchema(node: unknown[]): JsonSchema[];
export function toJsonSchema(node: unknown): JsonSchema;
