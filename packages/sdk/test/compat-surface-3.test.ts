// Everything a program written for @neynar/nodejs-sdk 3.177.0 reaches for is in castkit's 3.x
// surface: every public client method, every value the package root exports, every enum of
// build/api and build/hub-api with its members and values, every parameter object its methods'
// types accept, and the types its root exports. Where castkit cannot (3.177.0 is newer than the
// 3.174 spec castkit is generated from, or broken in itself), the exception names its reason.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import * as castkit from '../src/3x/index.js';

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('@neynar/nodejs-sdk-3/package.json'));
const neynar = require('@neynar/nodejs-sdk-3');
const neynarApi = require('@neynar/nodejs-sdk-3/build/api');
const neynarHub = require('@neynar/nodejs-sdk-3/build/hub-api');
const ours = castkit as unknown as Record<string, unknown>;

/** What castkit's 3.x surface does not have, by name, and why. */
const MISSING: Record<string, string> = {
  createX402Siwx: '3.177.0 added the operation after 3.174, the spec castkit is generated from',
  CreateX402SiwxRequestChainIdEnum: 'an enum of createX402Siwx (3.177.0 only)',
  CreateX402Siwx200ResponseChainIdEnum: 'an enum of createX402Siwx (3.177.0 only)',
};

/** Enums whose members differ, and why; castkit has every other member of theirs. */
const ENUM_MEMBERS: Record<string, string> = {
  CreateX402Signature200ResponseX402VersionEnum: '3.177.0’s spec adds x402 version 2; 3.174 has 1 only',
  CreateX402SignatureRequestPaymentRequirementsX402VersionEnum:
    '3.177.0’s spec adds x402 version 2; 3.174 has 1 only',
};

/** Methods whose params 3.177.0’s types accept and castkit’s refuse, and why. */
const PARAMS: Record<string, string> = {
  getTokenMetadata:
    '3.177.0 types `networks` and `addresses`, which its API layer never reads (it always throws RequiredError(network)); castkit takes the spec’s `network` and `address`',
  uploadImage:
    '3.177.0 types an `uploadImageUrlRequest` it never sends; the operation has no body in the spec, and castkit’s method takes no parameters',
  createX402Signature: '3.177.0’s spec adds x402 version 2; 3.174 has 1 only',
  publishVerification:
    '3.177.0 types `chainId` as an empty interface (its generator drops the spec’s anyOf of 0, 1 and 10), which any value fits; castkit types it `0 | 1 | 10`, which a chain id literal fits',
};

function methodsOf(cls: { prototype: object }): Set<string> {
  const names = new Set<string>();
  for (let p = cls.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) {
      if (name !== 'constructor' && typeof Object.getOwnPropertyDescriptor(p, name)?.value === 'function')
        names.add(name);
    }
  }
  return names;
}

const isEnum = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  Object.values(v).every((m) => typeof m === 'string' || typeof m === 'number');

describe('the public surface of @neynar/nodejs-sdk 3.177.0', () => {
  it.each([
    ['NeynarAPIClient', 176],
    ['NeynarHubClient', 25],
  ] as const)('every public method of its %s is a castkit method', (name, count) => {
    const theirs = methodsOf(neynar[name]);
    expect(theirs.size).toBe(count);
    const mine = methodsOf(ours[name] as { prototype: object });
    expect([...theirs].filter((m) => !mine.has(m) && !MISSING[m])).toEqual([]);
    expect([...theirs].filter((m) => MISSING[m] && mine.has(m))).toEqual([]);
    const statics = Object.getOwnPropertyNames(neynar[name]).filter(
      (k) => typeof neynar[name][k] === 'function',
    );
    expect(statics).toEqual(['isApiErrorResponse']);
    for (const s of statics) expect(typeof (ours[name] as Record<string, unknown>)[s]).toBe('function');
  });

  it('every value its package root exports, castkit exports as the same kind of value', () => {
    const names = Object.keys(neynar);
    expect(names.sort()).toEqual([
      'Configuration',
      'NeynarAPIClient',
      'NeynarHubClient',
      'isApiErrorResponse',
    ]);
    for (const name of names) expect(typeof ours[name], name).toBe(typeof neynar[name]);
  });

  // build/api also exports the generator's API classes and factories: castkit's equivalents are
  // the operation entries and the light client, so only their enums are held to the same names.
  it('every enum of build/api is a castkit export with its members and values (160)', () => {
    const enums = Object.entries(neynarApi).filter(([, v]) => isEnum(v));
    expect(enums).toHaveLength(160);
    for (const [name, value] of enums) {
      if (MISSING[name]) {
        expect(ours[name], name).toBeUndefined();
        continue;
      }
      const mine = ours[name] as Record<string, unknown>;
      const theirs = Object.entries(value as Record<string, unknown>);
      const lacking = theirs.filter(([member, v]) => mine?.[member] !== v).map(([member]) => member);
      expect(lacking, name).toEqual(ENUM_MEMBERS[name] ? lacking : []);
      if (ENUM_MEMBERS[name]) expect(lacking.length, name).toBeGreaterThan(0);
    }
  });

  it('every enum of build/hub-api is a castkit export, named Hub… where build/api has the name (14)', () => {
    const enums = Object.entries(neynarHub).filter(([, v]) => isEnum(v));
    expect(enums).toHaveLength(14);
    for (const [name, value] of enums) {
      const ourName = name in neynarApi ? `Hub${name}` : name;
      expect(ours[ourName], ourName).toEqual(value);
    }
    expect(ours.HubReactionType).toEqual(neynarHub.ReactionType);
  });
});

describe('the types of @neynar/nodejs-sdk 3.177.0, checked by the TypeScript compiler', () => {
  let checker: ts.TypeChecker;
  let theirIndex: ts.Symbol[];
  let ourIndex: ts.Symbol[];
  const ourFile = fileURLToPath(new URL('../src/3x/index.ts', import.meta.url));
  const theirFile = join(root, 'build/index.d.ts');

  beforeAll(() => {
    const config = ts.readConfigFile(
      fileURLToPath(new URL('../../../tsconfig.base.json', import.meta.url)),
      ts.sys.readFile,
    );
    const { options } = ts.convertCompilerOptionsFromJson(config.config.compilerOptions, process.cwd());
    const program = ts.createProgram([theirFile, ourFile], { ...options, noEmit: true, declaration: false });
    checker = program.getTypeChecker();
    const exportsOf = (file: string) =>
      checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)!)!);
    theirIndex = exportsOf(theirFile);
    ourIndex = exportsOf(ourFile);
  }, 60_000);

  const target = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  const declared = (index: ts.Symbol[], name: string) => {
    const symbol = index.find((s) => s.name === name);
    if (!symbol) throw new Error(`${name} is not exported`);
    return checker.getDeclaredTypeOfSymbol(target(symbol));
  };
  const firstParam = (cls: ts.Type, method: string) => {
    const symbol = checker.getPropertyOfType(cls, method);
    if (!symbol) return undefined;
    const [signature] = checker.getSignaturesOfType(checker.getTypeOfSymbol(symbol), ts.SignatureKind.Call);
    const param = signature?.parameters[0];
    return param ? checker.getTypeOfSymbol(param) : undefined;
  };

  it.each([
    ['NeynarAPIClient', 176],
    ['NeynarHubClient', 25],
  ] as const)('every params object a %s method’s 3.177.0 types accept, castkit’s accept', (name, count) => {
    const theirs = declared(theirIndex, name);
    const mine = declared(ourIndex, name);
    const refused: string[] = [];
    let methods = 0;
    for (const p of checker.getPropertiesOfType(theirs)) {
      const decl = p.valueDeclaration;
      if (!decl || !ts.isMethodDeclaration(decl)) continue;
      if (decl.modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) continue;
      methods++;
      if (MISSING[p.name]) continue;
      const given = firstParam(theirs, p.name);
      const taken = firstParam(mine, p.name);
      // A method of castkit's that takes nothing takes a 3.x call with no argument too.
      if (given && !(taken && checker.isTypeAssignableTo(given, taken))) refused.push(p.name);
    }
    expect(methods).toBe(count);
    expect(refused.sort()).toEqual(name === 'NeynarAPIClient' ? Object.keys(PARAMS).sort() : []);
  });

  // Where castkit's type were wider than 3.177.0's, a value of ours would not fit theirs (none is).
  const WIDER: Record<string, string> = {};
  /** Types of its root castkit names otherwise, and why. */
  const RENAMED: Record<string, string> = {
    FungibleBalance:
      'its root gives the name to a trade event’s balance while its build/api gives it to the API’s model; castkit’s root exports the model as FungibleBalance and the event’s as WebhookFungibleBalance',
  };

  it('every type its package root exports castkit exports; theirs fit ours, and ours fit theirs', () => {
    const types = theirIndex.filter((s) => !(target(s).flags & ts.SymbolFlags.Value)).map((s) => s.name);
    expect(types.sort()).toEqual([
      'FungibleBalance',
      'TradeWebhookPayload',
      'WebhookCastCreated',
      'WebhookCastDeleted',
      'WebhookFollowCreated',
      'WebhookFollowDeleted',
      'WebhookReactionCreated',
      'WebhookReactionDeleted',
      'WebhookUserCreated',
      'WebhookUserUpdated',
    ]);
    for (const name of types) {
      const theirs = declared(theirIndex, name);
      const mine = declared(ourIndex, RENAMED[name] ? `Webhook${name}` : name);
      expect(checker.isTypeAssignableTo(theirs, mine), `theirs → ours: ${name}`).toBe(true);
      expect(checker.isTypeAssignableTo(mine, theirs), `ours → theirs: ${name}`).toBe(!WIDER[name]);
    }
  });
});
