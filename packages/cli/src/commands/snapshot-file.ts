// `castkit snapshot export [<name>] <file>` and `castkit snapshot import <file> [<name>]`: a running
// emulator's snapshot (or its current state) as a portable file, and such a file loaded into another
// project's emulator, through /_emulator/export, /_emulator/snapshots/:name/export and
// /_emulator/import. The file travels as the request or answer body, so the emulator never touches
// a path named here.
import { existsSync, openAsBlob, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { UsageError } from '../args.js';
import { type LocalTarget, unreachable } from '../target.js';

/** The type /_emulator/import takes and the exports are served as. */
const SNAPSHOT_TYPE = 'application/vnd.sqlite3';

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
  const path =
    name === undefined ? '/_emulator/export' : `/_emulator/snapshots/${encodeURIComponent(name)}/export`;
  const res = await send(target, 'GET', path);
  // Written beside the target first: a cut transfer leaves no file that looks whole.
  const partial = `${file}.partial`;
  try {
    await writeFile(partial, Readable.fromWeb(bodyOf(res)), { flag: 'wx' });
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
  const query = name === undefined ? '' : `?name=${encodeURIComponent(name)}`;
  const res = await send(target, 'POST', `/_emulator/import${query}`, await openAsBlob(file), file);
  const { dropped } = (await res.json()) as { dropped: string[] };
  const saved = name === undefined ? '' : `, saved as snapshot ${name}`;
  const gone = dropped.length ? `; dropped snapshots ${dropped.join(', ')}` : '';
  out(`imported ${file}: reset now returns to it${saved}${gone}`);
  return 0;
}

/**
 * One request carrying or fetching a file. A 400 refuses what was typed (a name, a file that is no
 * castkit snapshot): a usage error (exit code 2) with the emulator's reason. Any other error answer,
 * or none at all, is an Error (exit code 1).
 */
async function send(
  target: LocalTarget,
  method: string,
  path: string,
  body?: Blob,
  file?: string,
): Promise<Response> {
  const url = `${target.baseUrl}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { 'x-api-key': target.apiKey, ...(body ? { 'content-type': SNAPSHOT_TYPE } : {}) },
      body,
    });
  } catch (error) {
    throw unreachable(target.baseUrl, error);
  }
  if (res.ok) return res;
  const text = await res.text();
  let message = text;
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    throw new Error(`${method} ${url} answered ${res.status} without JSON; is this a castkit emulator?`);
  }
  const about = file ? `cannot import ${file}: ` : '';
  if (res.status === 400) throw new UsageError(`${about}${message}`);
  throw new Error(`${res.status}: ${about}${message}`);
}

function bodyOf(res: Response): WebReadableStream<Uint8Array> {
  if (!res.body) throw new Error('the emulator answered without a file');
  return res.body as WebReadableStream<Uint8Array>;
}
