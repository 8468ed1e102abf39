// A program written for @neynar/nodejs-sdk switches to castkit by changing its imports: a 3.x one
// to castkit's 3.x surface, a 2.44 one to `@castkit/sdk/2.x`. Each program here compiles under
// `tsc --strict` against the SDK it was written for (so it is a real program of that generation)
// and, with only its imports changed, against castkit; and the types stay precise: 3.x's `user.pro`
// does not compile on the 2.x surface, nor 2.44's `user.power_badge` on the 3.x one.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/programs.js';

const CASTKIT_3 = '@castkit/sdk';
const CASTKIT_2 = '@castkit/sdk/2.x';

/** A program as its generation's users write it; `PKG` stands for the package it imports. */
const PROGRAMS = {
  '3.x': `
import { Configuration, isApiErrorResponse, NeynarAPIClient, NeynarHubClient, type WebhookUserUpdated } from 'PKG';
import { type Cast, FetchFeedFeedTypeEnum, FetchFeedFilterTypeEnum, LookupCastByHashOrUrlTypeEnum, type User } from 'PKG/build/api';

const client = new NeynarAPIClient(
  new Configuration({ apiKey: 'key', basePath: 'https://api.neynar.com', baseOptions: { headers: { 'x-wallet-id': 'wallet' } } }),
);
const hub = new NeynarHubClient(new Configuration({ apiKey: 'key' }));

export async function run(event: WebhookUserUpdated): Promise<string[]> {
  const { users } = await client.fetchBulkUsers({ fids: [3, 2], viewerFid: 3 });
  const user: User = users[0]!;
  const lines = [\`\${user.username} \${user.pro?.status ?? 'not pro'} \${user.auth_addresses.length} \${user.registered_at}\`];
  const { casts } = await client.fetchFeed({
    feedType: FetchFeedFeedTypeEnum.Filter,
    filterType: FetchFeedFilterTypeEnum.Fids,
    fids: [3, 2],
    limit: 5,
  });
  const cast: Cast = casts[0]!;
  lines.push(\`\${cast.channel?.id ?? 'no channel'} \${cast.replies.count}\`);
  const { cast: one } = await client.lookupCastByHashOrUrl({ identifier: cast.hash, type: LookupCastByHashOrUrlTypeEnum.Hash });
  lines.push(one.text);
  await client.sendFungiblesToUsers({ network: 'base', recipients: [{ fid: 3, amount: 1.5 }] });
  await client.deleteVerification({ signerUuid: 'uuid', address: '0x1', blockHash: '0x2', ethSignature: '0x3' });
  await client.deployErc721({ deployErc721Request: { name: 'Art', symbol: 'ART', network: 'base' } });
  const info = await hub.lookupHubInfo({ dbstats: false });
  lines.push(String(info.version), String(event.data.pro?.status));
  try {
    await client.lookupUserByUsername({ username: 'nobody' });
  } catch (e) {
    if (isApiErrorResponse(e)) lines.push(\`\${e.response.status} \${e.response.data.message}\`);
  }
  return lines;
}
`,
  '2.44': `
import { Configuration, isApiErrorResponse, NeynarAPIClient } from 'PKG';
import { FeedType, FilterType, type User } from 'PKG/build/api';
import type { WebhookUserUpdated } from 'PKG';

const client = new NeynarAPIClient(new Configuration({ apiKey: 'key', basePath: 'https://api.neynar.com/v2' }));

export async function run(event: WebhookUserUpdated): Promise<string[]> {
  const { users } = await client.fetchBulkUsers({ fids: [3, 2], viewerFid: 3 });
  const user: User = users[0]!;
  const lines = [\`\${user.username} \${user.power_badge}\`];
  const { casts } = await client.fetchFeed({ feedType: FeedType.Filter, filterType: FilterType.Fids, fids: '3,2', limit: 5 });
  lines.push(casts[0]!.text);
  await client.lookupCastByHashOrWarpcastUrl({ identifier: casts[0]!.hash, type: 'hash' });
  lines.push(String(event.data.power_badge));
  try {
    await client.lookupUserByUsername({ username: 'nobody' });
  } catch (e) {
    if (isApiErrorResponse(e)) lines.push(\`\${e.response.status} \${e.response.data.message}\`);
  }
  return lines;
}
`,
};

/** The imports a program takes in each place: the SDK it was written for, or castkit. */
const IMPORTS = {
  '3.x': {
    incumbent: ['@neynar/nodejs-sdk-3', '@neynar/nodejs-sdk-3/build/api'],
    castkit: [CASTKIT_3, CASTKIT_3],
  },
  '2.44': {
    incumbent: ['@neynar/nodejs-sdk', '@neynar/nodejs-sdk/build/api'],
    castkit: [CASTKIT_2, CASTKIT_2],
  },
} as const;

const withImports = (source: string, [root, api]: readonly [string, string]) =>
  source.replaceAll("'PKG/build/api'", `'${api}'`).replaceAll("'PKG'", `'${root}'`);

/** Every variant compiled here, by name. */
const VARIANTS: Record<string, string> = {
  '3.x-incumbent': withImports(PROGRAMS['3.x'], IMPORTS['3.x'].incumbent),
  '3.x-castkit': withImports(PROGRAMS['3.x'], IMPORTS['3.x'].castkit),
  '2.44-incumbent': withImports(PROGRAMS['2.44'], IMPORTS['2.44'].incumbent),
  '2.44-castkit': withImports(PROGRAMS['2.44'], IMPORTS['2.44'].castkit),
  // Each surface keeps its generation's types: the other generation's user field is an error.
  '3.x-power-badge': withImports(PROGRAMS['3.x'], IMPORTS['3.x'].castkit).replace(
    "user.pro?.status ?? 'not pro'",
    'user.power_badge',
  ),
  '2.44-pro': withImports(PROGRAMS['2.44'], IMPORTS['2.44'].castkit).replace(
    'user.power_badge}',
    'user.pro}',
  ),
};

const workDir = join(repoRoot, 'test-artifacts/switch-programs');
const fileOf = (name: string) => join(workDir, `${name}.ts`);
/** What tsc --strict reports about each variant, compiled together (one program is much faster than six). */
const reports = new Map<string, string[]>();

beforeAll(() => {
  mkdirSync(workDir, { recursive: true });
  for (const [name, source] of Object.entries(VARIANTS)) writeFileSync(fileOf(name), source);
  const config = ts.readConfigFile(join(repoRoot, 'tsconfig.json'), ts.sys.readFile).config;
  const files = Object.keys(VARIANTS).map(fileOf);
  const parsed = ts.parseJsonConfigFileContent({ ...config, include: [], files }, ts.sys, repoRoot);
  // As the established SDK's users mostly compile: CommonJS, node resolution (its `build/api` is a folder).
  const program = ts.createProgram(parsed.fileNames, {
    ...parsed.options,
    strict: true,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    verbatimModuleSyntax: false,
    customConditions: undefined,
  });
  for (const name of Object.keys(VARIANTS)) {
    const file = program.getSourceFile(fileOf(name));
    if (!file) throw new Error(`${name} is not in the program`);
    const problems = ts.getPreEmitDiagnostics(program, file);
    reports.set(
      name,
      problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')),
    );
  }
}, 120_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.each(Object.keys(PROGRAMS))('a %s program', (generation) => {
  it('compiles under --strict against the SDK it was written for', () => {
    expect(reports.get(`${generation}-incumbent`)).toEqual([]);
  });

  it('compiles under --strict against castkit with only its imports changed', () => {
    expect(reports.get(`${generation}-castkit`)).toEqual([]);
  });
});

describe('each surface keeps its generation’s types', () => {
  it('a 3.x program reading user.power_badge does not compile on the 3.x surface', () => {
    expect(reports.get('3.x-power-badge')!.join('\n')).toContain("Property 'power_badge' does not exist");
  });

  it('a 2.44 program reading user.pro does not compile on the 2.x surface', () => {
    expect(reports.get('2.44-pro')!.join('\n')).toContain("Property 'pro' does not exist");
  });
});
