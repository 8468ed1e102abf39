// The package as npm would ship it resolves to the right types from ESM and from CommonJS: built
// from this source and config, packed, and checked with @arethetypeswrong/cli.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWhatIsStale } from '../../cli/test/support/built-packages.js';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../../../node_modules/.bin/${name}`, import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'castkit-attw-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface AttwReport {
  analysis: {
    problems: { kind: string; entrypoint?: string; resolutionKind?: string }[];
    entrypoints: Record<string, { resolutions: Record<string, { resolution?: { fileName: string } }> }>;
  };
}

describe('the packed package', () => {
  it('has no type resolution problems, and Node resolves import and require of every entry to the one CommonJS build and its .d.cts types', async () => {
    // dist/ rebuilt when its source, manifest or build config is newer, so a stale one cannot stand in
    // for what this config produces; the other tests of the build (the README blocks, the packed
    // packages) share that build instead of each making one (tsup's types took ~28 s of CPU).
    await buildWhatIsStale(['@castkit/sdk']);
    const packed = JSON.parse(
      execFileSync(
        'npm',
        ['pack', '-w', '@castkit/sdk', '--ignore-scripts', '--json', '--silent', '--pack-destination', work],
        {
          cwd: repo,
          encoding: 'utf8',
        },
      ),
    ) as { filename: string }[];
    const tarball = join(work, packed[0]!.filename);

    // attw exits non-zero when it finds problems; the report is what matters.
    let out: string;
    try {
      out = execFileSync(bin('attw'), [tarball, '--format', 'json'], { encoding: 'utf8' });
    } catch (error) {
      out = (error as { stdout: string }).stdout;
    }
    const report = JSON.parse(out) as AttwReport;
    expect(report.analysis.problems).toEqual([]);
    // One build serves Node whichever way it is reached, so a program that both imports and requires
    // the SDK (through a package that imports it) holds one copy of each class; bundlers get ESM.
    const entries: [entry: string, file: string][] = [
      ['.', 'index'],
      ['./2.x', '2x'],
      ['./realtime', 'realtime'],
    ];
    for (const [entry, file] of entries) {
      const resolved = report.analysis.entrypoints[entry]!.resolutions;
      for (const kind of ['node16-cjs', 'node16-esm'])
        expect(resolved[kind]?.resolution?.fileName, `${entry} ${kind}`).toMatch(
          new RegExp(`/dist/${file}\\.d\\.cts$`),
        );
    }
    expect(report.analysis.entrypoints['.']!.resolutions.bundler?.resolution?.fileName).toMatch(
      /\/dist\/browser\.d\.ts$/,
    );
    expect(report.analysis.entrypoints['./realtime']!.resolutions.bundler?.resolution?.fileName).toMatch(
      /\/dist\/realtime\.d\.ts$/,
    );
  }, 180_000);
});
