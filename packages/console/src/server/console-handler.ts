// Serves the built console (packages/console/dist) from any node:http server, so the CLI can mount it
// next to the emulator in one process at one URL. Node built-ins only: the CLI runs this file as is.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentTypeOf } from './content-types.js';

export interface ConsoleHandlerOptions {
  /** Folder holding `index.html` and `assets/` (default: this package's `dist`). */
  distDir?: string;
}

/** Answers a request when it belongs to the console; returns false to let the caller handle it. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean;

/** Paths other handlers own: the APIs, the emulator's controls and the dev server's own routes. */
export const NOT_OURS = /^\/(v1|v2|_emulator|_castkit)(\/|$)/;

export const defaultDistDir = (): string => fileURLToPath(new URL('../../dist', import.meta.url));

export function consoleHandler(options: ConsoleHandlerOptions = {}): RequestHandler {
  const root = resolve(options.distDir ?? defaultDistDir());
  const index = join(root, 'index.html');

  return (req, res, url) => {
    if (NOT_OURS.test(url.pathname)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (!existsSync(index)) {
      sendText(res, 503, 'The console is not built yet: run `npm run build -w @castkit/console`.');
      return true;
    }
    const file = fileFor(root, url.pathname);
    if (file === null) {
      sendText(res, 400, 'Bad path.');
      return true;
    }
    if (file && isFile(file)) {
      serveFile(req, res, file, url.pathname.startsWith('/assets/'));
      return true;
    }
    // Paths with an extension are missing files; everything else is a client-side route of the SPA.
    if (extname(url.pathname)) {
      sendText(res, 404, 'Not found.');
      return true;
    }
    serveFile(req, res, index, false);
    return true;
  };
}

/** The file a URL path names inside root; null for a path that tries to leave it or is malformed. */
function fileFor(root: string, pathname: string): string | null | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const target = resolve(root, `.${decoded}`);
  if (target !== root && !target.startsWith(root + sep)) return null;
  return target === root ? undefined : target;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function serveFile(req: IncomingMessage, res: ServerResponse, file: string, immutable: boolean): void {
  const size = statSync(file).size;
  res.writeHead(200, {
    'content-type': contentTypeOf(extname(file)),
    'content-length': size,
    // Hashed asset names change with their content; index.html must always be revalidated.
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
