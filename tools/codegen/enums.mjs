// Finds every enum of a spec that the established SDK (@neynar/nodejs-sdk, made with
// openapi-generator's typescript-axios) exports as a runtime value, under the names it gives them,
// so `FeedType.Following` and `FetchBulkCastsSortTypeEnum.Trending` keep working after a switch.
// Its naming: a component enum keeps the component's name; an enum inside a model is
// `<Model><Property>Enum`, where inline objects are models named `<Model><Property>`, array items
// `<Model><Property>Inner` and `allOf` parts `<Model>AllOf`; an inline enum parameter is
// `<OperationId><Parameter>Enum`, and so are the fields of a multipart body (sent as parameters).
// 3.x's generator also makes models of inline bodies and responses (inline-models.mjs), names a
// `oneOf` member `<Model>OneOf`, `<Model>OneOf1`, … and a map's values `<Model>Value`.
import { GENERATION_2 } from './generations.mjs';
import { inlineModels } from './inline-models.mjs';
import { pascal, typeName } from './names.mjs';
import { eachOperation, refName } from './spec.mjs';

/** `[{ name, values, numeric, members, alias? }]` in spec order, names unique. */
export function collectEnums(spec, gen = GENERATION_2) {
  const { doc, resolve } = spec;
  const found = new Map();
  const add = (name, schema) => {
    if (!schema?.enum || schema.type === 'boolean' || found.has(name)) return;
    const numeric = schema.type === 'integer' || schema.type === 'number';
    found.set(name, { name, values: schema.enum, numeric });
  };
  const multipartOnly = multipartBodySchemas(doc);
  const models = gen.inlineModels ? inlineModels(spec) : undefined;

  const walk = (schema, model) => {
    if (!schema || schema.$ref) return;
    for (const [key, prop] of Object.entries(schema.properties ?? {})) {
      if (prop.$ref) continue;
      if (prop.enum) add(`${model}${pascal(key)}Enum`, prop);
      else if (prop.type === 'array' && prop.items && !prop.items.$ref) {
        if (prop.items.enum) add(`${model}${pascal(key)}Enum`, prop.items);
        else
          walk(
            prop.items,
            models?.nameOf(prop.items, `${model}${pascal(key)}Inner`) ?? `${model}${pascal(key)}Inner`,
          );
      } else walk(prop, models?.nameOf(prop, `${model}${pascal(key)}`) ?? `${model}${pascal(key)}`);
    }
    for (const part of schema.allOf ?? []) walk(part, `${model}AllOf`);
    if (!models) return;
    for (const [kind, parts] of [
      ['OneOf', schema.oneOf],
      ['AnyOf', schema.anyOf],
    ]) {
      // A single member is the model itself.
      if (parts?.length === 1) walk(parts[0], model);
      else
        for (const [i, part] of (parts ?? []).entries())
          walk(part, models.nameOf(part, `${model}${kind}${i || ''}`));
    }
    const extra = schema.additionalProperties;
    if (extra && typeof extra === 'object' && !extra.$ref) walk(extra, models.nameOf(extra, `${model}Value`));
  };

  // The generator names inline bodies and responses while it reads the paths, before the components.
  for (const { name, schema } of models?.roots ?? []) walk(schema, name);
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    if (multipartOnly.has(name)) continue;
    if (schema.enum) add(typeName(name), schema);
    else if (mergedAnyOf(spec, schema)) {
      // The established SDK merges such an `anyOf` into one model, so the members' own enums are its.
      for (const member of schema.anyOf) {
        for (const [key, prop] of Object.entries(resolve(member).properties ?? {})) {
          if (!prop.$ref && prop.enum) add(`${typeName(name)}${pascal(key)}Enum`, prop);
        }
      }
    } else walk(schema, typeName(name));
  }
  const aliases = [];
  for (const { op } of eachOperation(doc)) {
    const prefix = pascal(op.operationId);
    const before = new Set(found.keys());
    for (const raw of op.parameters ?? []) {
      const p = resolve(raw);
      const s = p.schema ?? {};
      if (!s.$ref) add(`${prefix}${pascal(p.name)}Enum`, s.enum ? s : s.items?.$ref ? undefined : s.items);
    }
    const form = op.requestBody && resolve(op.requestBody).content?.['multipart/form-data']?.schema;
    for (const [key, prop] of Object.entries(resolve(form)?.properties ?? {})) {
      if (!prop.$ref) add(`${prefix}${pascal(key)}Enum`, prop);
    }
    // An operation under several tags is in several API classes; 3.x's barrel exports the parameter
    // enums of every class after the first as `<Tag>Api<Name>`.
    if (gen.inlineModels) {
      const mine = [...found.keys()].filter((n) => !before.has(n));
      for (const tag of (op.tags ?? []).slice(1)) {
        for (const name of mine) aliases.push({ ...found.get(name), name: `${pascal(tag)}Api${name}` });
      }
    }
  }
  for (const a of aliases) if (!found.has(a.name)) found.set(a.name, a);
  return [...found.values()].map((e) => ({ ...e, members: memberNames(e, gen) }));
}

/**
 * An `anyOf` of object schemas (`SearchedUser`: a `User` with a `ProfileUrl`'s fields) is
 * typed as one object, as the established SDK types it; single-member `anyOf`s are plain already.
 */
export function mergedAnyOf(spec, schema) {
  const members = schema?.anyOf;
  if (!members || members.length < 2) return false;
  return members.every((m) => {
    const s = spec.resolve(m);
    return s && (s.type === 'object' || s.properties) && !s.oneOf && !s.anyOf;
  });
}

/** Component schemas that only multipart bodies use: their fields travel as parameters. */
function multipartBodySchemas(doc) {
  const text = JSON.stringify({ ...doc, paths: undefined });
  const names = new Set();
  for (const { op } of eachOperation(doc)) {
    const name = refName(op.requestBody?.content?.['multipart/form-data']?.schema);
    if (name && !text.includes(`"#/components/schemas/${name}"`)) names.add(name);
  }
  return names;
}

/**
 * Member names as typescript-axios writes them: in 2.44, a prefix shared by every value is dropped up to
 * its last separator (`FARCASTER_NETWORK_MAINNET` → `Mainnet`), the rest split on separators and
 * joined in PascalCase (`desc_chron` → `DescChron`, `image/svg+xml` → `ImageSvgxml`); a leading
 * digit gets `_` (`1d` → `_1d`); numbers are `NUMBER_<n>`.
 */
function memberNames({ values, numeric }, gen) {
  if (numeric)
    return values.map((v) => `NUMBER_${String(v).replace(/-/g, 'MINUS_').replace(/\./g, '_DOT_')}`);
  const strings = values.map(String);
  const cut =
    gen.stripEnumPrefix && strings.length > 1 ? commonPrefix(strings).replace(/[a-zA-Z0-9]+$/, '').length : 0;
  return strings.map((value) => {
    const rest = value.slice(cut) || value;
    const words = rest
      .replace(/[[\].\-|\s/\\]/g, '_')
      .replace(/[^a-zA-Z0-9_]/g, '')
      .split('_')
      .filter(Boolean);
    const name = words
      .map((w) => (/^[A-Z0-9]+$/.test(w) ? w.toLowerCase() : w))
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('');
    if (!name) return 'Empty';
    return /^\d/.test(name) ? `_${name}` : name;
  });
}

function commonPrefix(strings) {
  let prefix = strings[0];
  for (const s of strings) {
    while (!s.startsWith(prefix)) prefix = prefix.slice(0, -1);
  }
  return prefix;
}
