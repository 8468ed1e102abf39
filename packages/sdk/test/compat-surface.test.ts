// Everything a program written for @neynar/nodejs-sdk 2.44.0 reaches for is in castkit: every
// public client method (a prototype walk), every value the package root exports, every enum of
// build/api and build/hub-api with the same members and values, every parameter object its
// methods' types accept, and the types its root exports (the webhook events).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import * as castkit from '../src/2x/index.js';

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('@neynar/nodejs-sdk/package.json'));
const neynar = require('@neynar/nodejs-sdk');
const neynarApi = require('@neynar/nodejs-sdk/build/api');
const neynarHub = require('@neynar/nodejs-sdk/build/hub-api');
const ours = castkit as unknown as Record<string, unknown>;

/** Every method name on a class's prototype chain, below Object.prototype. */
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

describe('the public surface of @neynar/nodejs-sdk 2.44.0', () => {
  it.each([
    ['NeynarAPIClient', 123],
    ['NeynarHubClient', 25],
  ] as const)('every public method of its %s is a castkit method', (name, count) => {
    const theirs = methodsOf(neynar[name]);
    expect(theirs.size).toBe(count);
    const mine = methodsOf(ours[name] as { prototype: object });
    expect([...theirs].filter((m) => !mine.has(m))).toEqual([]);
    // Statics too (isApiErrorResponse).
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

  // build/api and build/hub-api also export the generator's API classes and factories (CastApi,
  // CastApiFactory, ...): castkit's equivalents are the operation entries and the light client,
  // so only their enums are held to the same names.
  it('every enum of build/api is a castkit export with the same members and values (94)', () => {
    const enums = Object.entries(neynarApi).filter(([, v]) => isEnum(v));
    expect(enums).toHaveLength(94);
    for (const [name, value] of enums) expect(ours[name], name).toEqual(value);
  });

  it('every enum of build/hub-api is a castkit export, named Hub… where build/api has the name (12)', () => {
    const enums = Object.entries(neynarHub).filter(([, v]) => isEnum(v));
    expect(enums).toHaveLength(12);
    for (const [name, value] of enums) {
      const ourName = name in neynarApi ? `Hub${name}` : name;
      expect(ours[ourName], ourName).toEqual(value);
    }
    expect(ours.HubReactionType).toEqual(neynarHub.ReactionType);
  });
});

describe('the types of @neynar/nodejs-sdk 2.44.0, checked by the TypeScript compiler', () => {
  let checker: ts.TypeChecker;
  let theirIndex: ts.Symbol[];
  let ourIndex: ts.Symbol[];
  const ourFile = fileURLToPath(new URL('../src/2x/index.ts', import.meta.url));
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

  it.each(['NeynarAPIClient', 'NeynarHubClient'])(
    'every params object a %s method’s 2.44 types accept, castkit’s accept',
    (name) => {
      const theirs = declared(theirIndex, name);
      const mine = declared(ourIndex, name);
      const refused: string[] = [];
      let methods = 0;
      for (const p of checker.getPropertiesOfType(theirs)) {
        const decl = p.valueDeclaration;
        if (!decl || !ts.isMethodDeclaration(decl)) continue;
        if (decl.modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) continue;
        methods++;
        const given = firstParam(theirs, p.name);
        const taken = firstParam(mine, p.name);
        if (given && !(taken && checker.isTypeAssignableTo(given, taken))) refused.push(p.name);
      }
      expect(methods).toBe(name === 'NeynarAPIClient' ? 123 : 25);
      expect(refused).toEqual([]);
    },
  );

  // Where castkit's type is wider than 2.44's, a value of ours may not fit theirs; a program
  // written for 2.44 still compiles (its values fit ours, and it reads the same fields).
  const WIDER: Record<string, string> = {
    WebhookCastCreated:
      'a frame embed’s `version` is the spec’s `string` (FrameBase); 2.44 narrows it to its discriminator values',
  };

  it('every type its package root exports (the webhook events) castkit exports; theirs fit ours, and ours fit theirs', () => {
    const types = theirIndex.filter((s) => !(target(s).flags & ts.SymbolFlags.Value)).map((s) => s.name);
    expect(types.sort()).toEqual([
      'WebhookCastCreated',
      'WebhookFollowCreated',
      'WebhookFollowDeleted',
      'WebhookReactionCreated',
      'WebhookReactionDeleted',
      'WebhookUserCreated',
      'WebhookUserUpdated',
    ]);
    for (const name of types) {
      const theirs = declared(theirIndex, name);
      const mine = declared(ourIndex, name);
      expect(checker.isTypeAssignableTo(theirs, mine), `theirs → ours: ${name}`).toBe(true);
      expect(checker.isTypeAssignableTo(mine, theirs), `ours → theirs: ${name}`).toBe(!WIDER[name]);
    }
  });
});
