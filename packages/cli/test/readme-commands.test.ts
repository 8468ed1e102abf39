// The shell lines of the READMEs as a newcomer copies them: every castkit command parses as written,
// every curl reaches the server the castkit dev line before it starts, and the CLI section and the
// layout table name every command the CLI has.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { castkit } from './support/castkit.js';

const root = new URL('../../../', import.meta.url);
const READMES = [
  'README.md',
  'packages/cli/README.md',
  'packages/emulator/README.md',
  'packages/sdk/README.md',
];
const readme = (file: string) => readFileSync(new URL(file, root), 'utf8');

/** The lines of every ```sh block (continued lines joined, comments dropped), with where each starts. */
function shellLines(file: string): { where: string; block: number; line: string }[] {
  const out: { where: string; block: number; line: string }[] = [];
  let block = -1;
  let inSh = false;
  let pending: { where: string; text: string } | undefined;
  readme(file)
    .split('\n')
    .forEach((raw, i) => {
      if (raw.startsWith('```')) {
        inSh = !inSh && raw === '```sh';
        if (inSh) block++;
        return;
      }
      if (!inSh) return;
      // A trailing comment starts at a # after a space (none of the READMEs quotes one).
      const text = raw.replace(/\s+#.*$/, '').trim();
      const joined = {
        where: pending?.where ?? `${file}:${i + 1}`,
        text: `${pending?.text ?? ''} ${text}`.trim(),
      };
      if (joined.text.endsWith('\\')) {
        pending = { ...joined, text: joined.text.slice(0, -1) };
        return;
      }
      pending = undefined;
      if (joined.text && !joined.text.startsWith('#'))
        out.push({ where: joined.where, block, line: joined.text });
    });
  return out;
}

/** Splits a shell line into words, with single and double quotes (enough for the READMEs). */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

describe('the READMEs shell lines', () => {
  const commands = READMES.flatMap(shellLines).filter((l) => l.line.startsWith('npx castkit '));

  it.each(commands.map((c) => [c.where, c.line] as const))(
    '%s parses: %s',
    async (_where, line) => {
      // --help parses every flag as a run would (an unknown one exits 2), then prints and sends nothing.
      const r = await castkit([...words(line).slice(2), '--help']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    },
    30_000,
  );

  it('curl the port and key of the castkit dev line before them (its defaults without one)', () => {
    const wrong: string[] = [];
    for (const file of READMES) {
      let server = { block: -1, port: '3000', key: 'castkit-dev-key' };
      for (const { where, block, line } of shellLines(file)) {
        const w = words(line);
        if (line.startsWith('npx castkit dev') && !w.includes('--upstream')) {
          const flag = (name: string, fallback: string) =>
            w.includes(name) ? w[w.indexOf(name) + 1]! : fallback;
          server = { block, port: flag('--port', '3000'), key: flag('--api-key', 'castkit-dev-key') };
        }
        if (!line.startsWith('curl ')) continue;
        // A block without a castkit dev line talks to the default one.
        const expected = server.block === block ? server : { port: '3000', key: 'castkit-dev-key' };
        const port = /localhost:(\d+)/.exec(line)?.[1];
        const key = /x-api-key: ([^'"\s]+)/.exec(line)?.[1];
        if (port !== expected.port || key !== expected.key)
          wrong.push(
            `${where}: port ${port} key ${key}, its server: port ${expected.port} key ${expected.key}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the root README's CLI documentation", () => {
  it('shows every command of castkit --help in the CLI section and the layout table', async () => {
    const help = await castkit(['--help']);
    const names = help.stdout
      .slice(help.stdout.indexOf('commands:'))
      .split('\n')
      .flatMap((l) => /^ {2}([a-z]+) {2,}/.exec(l)?.[1] ?? []);
    expect(names.length).toBeGreaterThanOrEqual(6);
    const text = readme('README.md');
    const section = text.slice(text.indexOf('\n## The CLI\n'), text.indexOf('\n## Layout\n'));
    const layoutRow = /^\| `packages\/cli` \|.*$/m.exec(text)?.[0] ?? '';
    for (const name of names) {
      expect(section, name).toMatch(new RegExp(`castkit ${name}\\b`));
      expect(layoutRow, name).toContain(`\`${name}\``);
    }
  });
});
