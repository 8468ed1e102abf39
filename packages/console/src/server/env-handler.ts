// `GET /_castkit/env`: tells the browser which environment it talks to and which key to send.
import type { RequestHandler } from './console-handler.js';

export interface EnvInfo {
  environment: 'emulator' | 'upstream';
  /** Origin of the remote API when proxying (`https://api.neynar.com`). */
  upstream?: string;
  /**
   * The key the browser sends. The emulator's dev key, or for an upstream a placeholder: the server's
   * proxy swaps in the real key, which never reaches the browser.
   */
  apiKey: string;
}

export const ENV_PATH = '/_castkit/env';
export const UPSTREAM_PLACEHOLDER_KEY = 'castkit-proxy';

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
