// `castkit snapshot export [<name>] <file>` and `castkit snapshot import <file> [<name>]`: a running
// emulator's snapshot (or its current state) as a portable file, and such a file loaded into another
// project's emulator, through the typed client's exportSnapshot and importSnapshot (the controls
// /_emulator/export, /_emulator/snapshots/:name/export and /_emulator/import). The file travels as
// the request or answer body, so the emulator never touches a path named here.
import { existsSync, openAsBlob, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../args.js';
import type { LocalTarget } from '../target.js';
import { withControl } from './control.js';

export async function runSnapshotExport(
  args: string[],
  target: LocalTarget,
  out: (s: string) => void,
): Promise<number> {
  if (args.length < 1 || args.length > 2)
    throw new UsageError(
      'castkit snapshot export takes [<name>] <file>: a snapshot (else the current state) and a new file',
    );
  const name = args.length === 2 ? args[0] : undefined;
  const file = resolve(args[args.length - 1]!);
  if (existsSync(file)) throw new UsageError(`${file} exists; castkit snapshot export writes a new file`);
  if (!existsSync(dirname(file))) throw new UsageError(`folder ${dirname(file)} does not exist`);
  const { stream } = await withControl(target, (control) => control.exportSnapshot(name));
  // Written beside the target first: a cut transfer leaves no file that looks whole.
  const partial = `${file}.partial`;
  try {
    await writeStream(partial, stream);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  out(`exported ${name === undefined ? 'the current state' : `snapshot ${name}`} to ${file}`);
  return 0;
}

export async function runSnapshotImport(
  args: string[],
  target: LocalTarget,
  out: (s: string) => void,
): Promise<number> {
  if (args.length < 1 || args.length > 2)
    throw new UsageError(
      'castkit snapshot import takes <file> [<name>]: an exported file, and a name to save it as',
    );
  const [given, name] = args;
  const file = resolve(given!);
  if (!existsSync(file)) throw new UsageError(`no file ${file}`);
  const blob = await openAsBlob(file);
  const { dropped } = await withControl(target, (control) => control.importSnapshot(blob, { name }), {
    about: `cannot import ${file}: `,
  });
  const saved = name === undefined ? '' : `, saved as snapshot ${name}`;
  const gone = dropped.length ? `; dropped snapshots ${dropped.join(', ')}` : '';
  out(`imported ${file}: reset now returns to it${saved}${gone}`);
  return 0;
}

/** A new file (never one that exists) holding what `stream` carries, written as it arrives. */
async function writeStream(file: string, stream: ReadableStream<Uint8Array>): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    const reader = stream.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      await handle.write(chunk.value);
  } finally {
    await handle.close();
  }
}
