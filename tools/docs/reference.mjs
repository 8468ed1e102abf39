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
 * `apis`: `[{ api, spec, source }]`. Returns Map of path (relative to docs/api) → markdown.
 */
export function renderReference(apis, { header }) {
  const pages = new Map();
  const index = [
    header,
    '# API reference',
    '',
    'Every operation of both APIs, one page per tag, with its parameters as you pass them, how each is sent,',
    'and what it resolves to. Each operation is reachable two ways:',
    '',
    '```ts',
    "import { createClient, lookupUserByUsername, NeynarAPIClient } from '@castkit/sdk';",
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
    'Hub operations are exported as `hub` + the method name (`hubFetchUsersCasts`) for `createHubClient()`.',
    'In the sections below, `api`, `hub` and `client` stand for such clients.',
    'Enum values are exported under the names the established SDK uses: see [enums](enums.md).',
    '',
  ];
  const enumRows = [];
  for (const { api, spec } of apis) {
    const info = apiInfo(api);
    const ops = buildOperations(spec, api);
    const tags = [...new Set(ops.map((o) => o.tag))];
    index.push(`## The ${info.label} (\`${info.base}\`): ${ops.length} operations`, '');
    const rows = [];
    for (const tag of tags) {
      const inTag = ops.filter((o) => o.tag === tag);
      const file = `${api}/${slug(tag)}.md`;
      rows.push([
        `[${tag}](${file})`,
        inTag.map((o) => `[\`${o.name}\`](${file}#${anchor(o.name)})`).join(', '),
      ]);
      pages.set(file, renderTag(spec, tag, inTag, { header, info }));
    }
    index.push(table(['Tag', 'Operations'], rows), '');
    for (const e of collectEnums(spec)) enumRows.push([`\`${e.name}\``, api, membersOf(e)]);
  }
  pages.set('README.md', `${index.join('\n')}`);
  pages.set(
    'enums.md',
    [
      header,
      '# Enums',
      '',
      'Each is exported from `@castkit/sdk` as an object of its values and as a type of the same name:',
      '`FeedType.Following` is `"following"`, and `type X = FeedType` is `"following" | "filter"`. The hub',
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
      .filter((p) => p.required)
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
        `\`${p.key}\``,
        p.whole ? 'the JSON body' : `${p.in} \`${p.name}\``,
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
