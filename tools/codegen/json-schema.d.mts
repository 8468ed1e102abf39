export function toJsonSchema(node: unknown): any;
