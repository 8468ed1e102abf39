// `GET /_castkit/env`: tells the browser which environment it talks to and which key to send.
import type { RequestHandler } from './console-handler.js';

export interface EnvInfo {
  environment: 'emulator' | 'upstream';
  /** Origin of the remote API when proxying (`https://api.neynar.com`). */
  upstream?: string;
  /**
   * The key the browser sends. The emulator's dev key, or for an upstream a random token of the
   * serving process: its proxy spends the real key, which never reaches the browser, only for
   * requests carrying the token, so only pages that could read this route can use it.
   */
  apiKey: string;
}

/** Serve it to pages of the same origin only: castkit dev puts it behind its edge's same-origin door. */
export const ENV_PATH = '/_castkit/env';

export function envHandler(info: EnvInfo): RequestHandler {
  const body = JSON.stringify(info);
  return (req, res, url) => {
    if (url.pathname !== ENV_PATH) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return true;
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
