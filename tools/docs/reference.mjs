// Renders the API reference (markdown under docs/api/) from the same operation model and doc facts
// the generated code is built from, so the reference and the editor's hover text say the same.

import {
  apiInfo,
  constraints,
  conversions,
  isDeprecated,
  operationDoc,
  typePhrase,
} from '../codegen/docs.mjs';
import { collectEnums } from '../codegen/enums.mjs';
import { exportName } from '../codegen/names.mjs';
import { buildOperations, flatten } from '../codegen/operations.mjs';

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const slug = (tag) =>
  tag
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
const anchor = (name) => name.toLowerCase();
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
/** A doc comment's lines as markdown: sentences kept, `@tags` dropped (the tables say the rest). */
const prose = (lines) => lines.filter((l) => !l.startsWith('@')).join('\n');

/**
 * `surfaces`: `[{ label, dir, entry, gen, apis: [{ api, spec }] }]`, today's first. Returns a Map of
 * path (relative to docs/api) → markdown: an index, and per surface an index, its enums and a page
 * per tag and API.
 */
export function renderReference(surfaces, { header }) {
  const pages = new Map();
  const [today] = surfaces;
  const index = [
    header,
    '# API reference',
    '',
    'Every operation of both APIs, for each SDK surface: one page per tag, with its parameters as you',
    'pass them, how each is sent, and what it resolves to.',
    '',
    table(
      ['Surface', 'Import', 'Main API', 'Hub API', 'Enums'],
      surfaces.map((s) => {
        const count = (api) => buildOperations(s.apis.find((a) => a.api === api).spec, api, s.gen).length;
        return [
          `[${s.label}](${s.dir}/README.md)`,
          `\`${s.entry}\``,
          `${count('v2')} operations`,
          `${count('hub')} operations`,
          `[enums](${s.dir}/enums.md)`,
        ];
      }),
    ),
    '',
    'Each operation is reachable two ways:',
    '',
    '```ts',
    `import { createClient, lookupUserByUsername, NeynarAPIClient } from '${today.entry}';`,
    '',
    'const apiKey = process.env.NEYNAR_API_KEY;',
    '',
    '// The class client: every operation is a method (as with @neynar/nodejs-sdk).',
    'const api = new NeynarAPIClient({ apiKey });',
    "const { user } = await api.lookupUserByUsername({ username: 'dwr' });",
    '',
    '// The light client: pass the operation you import, and a browser bundle keeps only that one.',
    'const client = createClient({ apiKey });',
    "const same = await client.call(lookupUserByUsername, { username: 'dwr' });",
    'console.log(user.fid === same.user.fid);',
    '```',
    '',
  ];
  pages.set('README.md', index.join('\n'));
  for (const surface of surfaces) {
    for (const [file, text] of renderSurface(surface, { header })) pages.set(`${surface.dir}/${file}`, text);
  }
  return pages;
}

function renderSurface({ label, entry, gen, apis }, { header }) {
  const pages = new Map();
  const index = [
    header,
    `# API reference: the ${label} surface (\`${entry}\`)`,
    '',
    `The operations of @neynar/nodejs-sdk ${label}, under its method names and parameters.`,
    'Hub operations are exported as `hub` + the method name (`hubFetchUsersCasts`) for `createHubClient()`.',
    'In the sections below, `api`, `hub` and `client` stand for such clients.',
    'Enum values are exported under the names the established SDK uses: see [enums](enums.md).',
    '',
  ];
  const enumRows = [];
  for (const { api, spec } of apis) {
    const info = apiInfo(api, gen.generation);
    const ops = buildOperations(spec, api, gen);
    const tags = [...new Set(ops.map((o) => o.tag))];
    const folder = api === 'v2' ? 'main' : 'hub';
    index.push(`## The ${info.label} (\`${info.base}\`): ${ops.length} operations`, '');
    const rows = [];
    for (const tag of tags) {
      const inTag = ops.filter((o) => o.tag === tag);
      const file = `${folder}/${slug(tag)}.md`;
      rows.push([
        `[${tag}](${file})`,
        inTag.map((o) => `[\`${o.name}\`](${file}#${anchor(o.name)})`).join(', '),
      ]);
      pages.set(file, renderTag(spec, tag, inTag, { header, info }));
    }
    index.push(table(['Tag', 'Operations'], rows), '');
    for (const e of collectEnums(spec, gen)) enumRows.push([`\`${e.name}\``, api, membersOf(e)]);
  }
  pages.set('README.md', `${index.join('\n')}`);
  pages.set(
    'enums.md',
    [
      header,
      `# Enums of the ${label} surface`,
      '',
      `Each is exported from \`${entry}\` as an object of its values and as a type of the same name:`,
      'an enum `E` with a member `M` is `E.M`, and `type X = E` is the union of its values. A hub',
      'enum named like a main-API one is exported with a `Hub` prefix (`HubReactionType`).',
      '',
      table(['Enum', 'API', 'Members'], enumRows),
      '',
    ].join('\n'),
  );
  return pages;
}

const membersOf = (e) => e.members.map((m, i) => `\`${m}\` = \`${JSON.stringify(e.values[i])}\``).join(', ');

function renderTag(spec, tag, ops, { header, info }) {
  const out = [header, `# ${tag} (${info.label})`, ''];
  for (const op of ops) {
    const sample = op.params
      .filter((p) => p.required && !p.client)
      .map((p) => p.key)
      .join(', ');
    const args = sample ? `{ ${sample} }` : '';
    out.push(`## ${op.name}`, '');
    out.push(prose(operationDoc(spec, op, { method: true })), '');
    out.push(
      '```ts',
      `await ${op.api === 'hub' ? 'hub' : 'api'}.${op.name}(${args}); // ${info.client}`,
      `await client.call(${exportName(op)}${args ? `, ${args}` : ''}); // ${info.light}()`,
      '```',
      '',
    );
    if (op.params.length) {
      const rows = op.params.map((p) => [
        p.client ? "(the client's headers)" : `\`${p.key}\``,
        p.whole ? 'the JSON body' : `${p.in} \`${p.client ? p.name.toLowerCase() : p.name}\``,
        [typePhrase(spec, p.schema), ...conversions(p)].join('; '),
        p.required ? 'yes' : 'no',
        [
          ...constraints(spec, p.schema),
          ...(p.deprecated || isDeprecated(spec, p.schema) ? ['deprecated'] : []),
        ].join('; '),
      ]);
      out.push(table(['Parameter', 'Sent as', 'Type', 'Required', 'Notes'], rows), '');
    }
    const fields = op.response ? flatten(spec, op.response).properties : undefined;
    if (fields && Object.keys(fields).length) {
      const required = new Set(flatten(spec, op.response).required ?? []);
      const rows = Object.entries(fields).map(([key, schema]) => [
        `\`${key}\``,
        typePhrase(spec, schema),
        required.has(key) ? 'yes' : 'no',
        [...constraints(spec, schema), ...(isDeprecated(spec, schema) ? ['deprecated'] : [])].join('; '),
      ]);
      out.push('Response fields:', '', table(['Field', 'Type', 'Always present', 'Notes'], rows), '');
    }
  }
  return out.join('\n');
}
