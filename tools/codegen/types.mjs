// Turns JSON Schema (OpenAPI 3.0 dialect) into TypeScript type expressions.

import { componentDoc, fieldDoc, jsdoc } from './docs.mjs';
import { mergedAnyOf } from './enums.mjs';
import { propKey, typeName } from './names.mjs';
import { refName } from './spec.mjs';

const literal = (v) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

/** `ctx.spec` set: every object property gets a doc comment of its facts (the SDK's types, not the emulator's). */
export function tsType(schema, ctx, indent = '') {
  if (!schema || typeof schema !== 'object') return 'unknown';
  const ref = refName(schema);
  if (ref) {
    // ctx.refs collects the component types an emitter must import; ctx.qualify names them there.
    const name = typeName(ref);
    ctx.refs?.add(name);
    return ctx.qualify ? ctx.qualify(name) : name;
  }
  let out = baseType(schema, ctx, indent);
  if (schema.nullable && out !== 'unknown') out = `${wrap(out)} | null`;
  return out;
}

const wrap = (t) => (/[|&]/.test(t) && !/^\{[\s\S]*\}$/.test(t) ? `(${t})` : t);

function baseType(schema, ctx, indent) {
  if (schema.enum) return schema.enum.map(literal).join(' | ');
  if (schema.allOf) return schema.allOf.map((s) => wrap(tsType(s, ctx, indent))).join(' & ');
  const union = schema.oneOf ?? schema.anyOf;
  if (union) {
    const members = [...new Set(union.map((s) => wrap(tsType(s, ctx, indent))))];
    return members.join(' | ');
  }
  switch (schema.type) {
    case 'string':
      return schema.format === 'binary' ? 'BinaryBody' : 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `Array<${tsType(schema.items, ctx, indent)}>`;
    case 'object':
    case undefined:
      if (schema.properties || schema.additionalProperties !== undefined || schema.type === 'object') {
        return objectType(schema, ctx, indent);
      }
      return 'unknown';
    default:
      return 'unknown';
  }
}

function objectType(schema, ctx, indent) {
  const required = new Set(schema.required ?? []);
  const inner = `${indent}  `;
  const lines = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (ctx.spec) lines.push(jsdoc(fieldDoc(ctx.spec, prop, required.has(key)), inner));
    lines.push(`${inner}${propKey(key)}${required.has(key) ? '' : '?'}: ${tsType(prop, ctx, inner)};`);
  }
  const extra = schema.additionalProperties;
  if (extra === true || (extra && typeof extra === 'object')) {
    const valueType = extra === true ? 'unknown' : tsType(extra, ctx, inner);
    lines.push(`${inner}[key: string]: ${lines.length ? 'unknown' : valueType};`);
  }
  // A free-form object. The SDK types it `object`, as the established SDK does, so programs that hold
  // such values as `object` pass them unchanged (a record type would refuse them); the emulator's
  // handler types read fields, so they keep a record of unknowns.
  if (!lines.length) return ctx.spec ? 'object' : 'Record<string, unknown>';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * `export type X = ...` / `export interface X {...}` for every component schema. Enums are left to
 * the enums file (a value and a type under one name), which the caller imports and re-exports.
 */
export function emitComponentTypes(spec, ctx) {
  const out = [];
  for (const [name, schema] of Object.entries(spec.doc.components?.schemas ?? {})) {
    if (schema.enum) continue;
    out.push(namedType(spec, ctx, typeName(name), schema));
  }
  return out.join('\n\n');
}

/** `export interface X {...}` for a plain object schema, else `export type X = ...`, documented. */
export function namedType(spec, ctx, id, schema) {
  const doc = ctx.spec ? `${jsdoc(componentDoc(spec, id, schema))}\n` : '';
  if (mergedAnyOf(spec, schema) && schema.anyOf.every((m) => refName(m))) {
    // One object with every member's fields, as the established SDK types it (programs written
    // for it read `user.pfp.url` on a SearchedUser); the emulator sends them all. Inline members
    // are alternatives (3.x's embed is a cast id or a url) and stay a union.
    const members = schema.anyOf.map((m) => tsType(m, ctx));
    return `${doc}export interface ${id} extends ${members.join(', ')} {}`;
  }
  const body = tsType(schema, ctx);
  const plainObject = !schema.allOf && !schema.oneOf && !schema.anyOf && !schema.nullable;
  if (plainObject && body.startsWith('{')) return `${doc}export interface ${id} ${body}`;
  return `${doc}export type ${id} = ${body};`;
}
