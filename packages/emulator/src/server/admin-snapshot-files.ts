// /_emulator/export, /_emulator/snapshots/:name/export and /_emulator/import, declared with the other
// controls (control/routes.ts): portable snapshot files (store/snapshot-file.ts) as request and
// answer bodies, so `castkit snapshot export/import`
// moves a dataset between projects without the emulator reading or writing a path a caller names.
// Files pass through a private temporary folder, removed once answered.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SNAPSHOT_MEDIA_TYPE } from '../control/vocabulary.js';
import { checkSnapshotName, type Snapshots } from '../domain/snapshots.js';
import { BadRequestError, PayloadTooLargeError, ValidationError } from '../ground/errors.js';
import { type ControlHandlers, Sent } from './control-routes.js';

/** The largest file /_emulator/import takes: the large seed's database is about 2.4 GB. */
export const MAX_IMPORT_BYTES = 8 * 1024 ** 3;

export function snapshotFileHandlers(snapshots: Snapshots) {
  return {
    'GET /_emulator/export': (_, { res, url }) => {
      onlyQuery(url, []);
      return sendExport(res, 'emulator', (file) => snapshots.exportSnapshot(file));
    },
    'GET /_emulator/snapshots/:name/export': ({ params: { name } }, { res, url }) => {
      onlyQuery(url, []);
      return sendExport(res, name, (file) => snapshots.exportSnapshot(file, name));
    },
    'POST /_emulator/import': async ({ query: { name } }, { req, url }) => {
      onlyQuery(url, ['name']);
      const before = snapshots.list().map((s) => s.name);
      // A bad name is refused before the file is read, and the state is left as it was.
      if (name !== undefined) checkSnapshotName(name);
      return withFolder(async (folder) => {
        const file = join(folder, 'import.db');
        await receive(req, file);
        snapshots.importFrom(file, 'the uploaded file');
        if (name !== undefined) snapshots.snapshot(name);
        return { status: 'imported', snapshot: name ?? null, dropped: before };
      });
    },
  } satisfies Partial<ControlHandlers>;
}

/**
 * Refuses query parameters the route does not take, naming them: an export is a whole copy of the
 * database, so a request that means something else (a probe, a typo) must not make one.
 */
function onlyQuery(url: URL, known: readonly string[]): void {
  const unknown = [...new Set(url.searchParams.keys())].filter((k) => !known.includes(k));
  if (unknown.length === 0) return;
  const takes = known.length === 0 ? 'takes no query' : `takes only ${known.join(', ')}`;
  throw new ValidationError(`${url.pathname} ${takes}; unknown: ${unknown.join(', ')}`, unknown.join(','));
}

async function sendExport(res: ServerResponse, name: string, write: (file: string) => void): Promise<Sent> {
  const folder = mkdtempSync(join(tmpdir(), 'castkit-export-'));
  const drop = () => rmSync(folder, { recursive: true, force: true });
  try {
    const file = join(folder, 'snapshot.db');
    write(file);
    res.writeHead(200, {
      'content-type': SNAPSHOT_MEDIA_TYPE,
      'content-disposition': `attachment; filename="${name}.castkit.db"`,
    });
    await pipeline(createReadStream(file), res);
  } catch (error) {
    // Failed before the answer started: the edge answers with the error. After: the connection is cut.
    if (!res.headersSent) throw error;
    res.destroy();
  } finally {
    drop();
  }
  return new Sent();
}

async function withFolder<T>(fn: (folder: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), 'castkit-import-'));
  try {
    return await fn(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The request body into `file`; refused past MAX_IMPORT_BYTES with a 413 while the rest is still
 * read (the edge drains it), so the client hears the answer instead of a reset connection.
 */
function receive(req: IncomingMessage, file: string): Promise<void> {
  if (Number(req.headers['content-length']) > MAX_IMPORT_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    let size = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(out);
      out.destroy();
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_IMPORT_BYTES) fail(tooLarge());
    });
    req.on('error', () => fail(new BadRequestError('the uploaded file could not be read')));
    req.on('close', () => {
      if (!req.complete) fail(new BadRequestError('the upload ended before the whole file was sent'));
    });
    out.on('error', fail);
    out.on('finish', () => {
      if (!failed) resolve();
    });
    req.pipe(out);
  });
}

const tooLarge = () =>
  new PayloadTooLargeError(`a snapshot file is larger than the limit of ${MAX_IMPORT_BYTES} bytes`);
