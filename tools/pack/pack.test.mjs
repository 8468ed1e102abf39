// The published packages are ready to publish: one version, each other's dependencies pinned to it,
// and `npm publish --dry-run` with nothing to warn about (files, bin, package.json fields).
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PUBLISHED, releaseProblems } from './index.mjs';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('the published packages', () => {
  it('share one version and pin their dependencies on each other to it', () => {
    expect(releaseProblems()).toEqual([]);
  });

  it('are refused for packing when a version or an internal dependency differs', () => {
    const problems = releaseProblems([
      { name: '@castkit/sdk', version: '0.1.0' },
      { name: '@castkit/emulator', version: '0.0.0', dependencies: { '@castkit/sdk': '^0.1.0' } },
    ]);
    expect(problems).toEqual([
      '@castkit/emulator is 0.0.0, @castkit/sdk 0.1.0',
      '@castkit/emulator depends on @castkit/sdk@^0.1.0, not 0.1.0',
    ]);
  });

  it.each(PUBLISHED.map(([name]) => name))(
    '%s publishes (dry run) without a warning, with its README and LICENSE',
    async (name) => {
      // A registry nobody answers on loopback: the dry run reads nothing from it and sends nothing.
      const { stdout, stderr } = await run(
        'npm',
        ['publish', '--dry-run', '--json', '-w', name, '--ignore-scripts'],
        {
          cwd: root,
          env: {
            ...process.env,
            npm_config_registry: 'http://127.0.0.1:9/',
            // It asks that registry who is logged in: refused at once, and not tried again.
            npm_config_fetch_retries: '0',
          },
          timeout: 120_000,
        },
      );
      // The only warning a dry run always gives: nobody is logged in to publish.
      const warnings = stderr
        .split('\n')
        .filter((l) => l.startsWith('npm warn') && !l.includes('requires you to be logged in'));
      expect(warnings).toEqual([]);
      const files = JSON.parse(stdout)[name].files.map((f) => f.path);
      expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']));
    },
    120_000,
  );
});
