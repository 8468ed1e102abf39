// The HTTP edge of both APIs: API-key check, body reading, JSON replies, and a guarantee that no
// input can crash the process or hang the request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  AuthenticationError,
  BadRequestError,
  EmulatorError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
} from '../protocol/errors.js';
import type { OperationRouter } from './dispatch.js';
import { toJsonBytes } from './json.js';

export interface ListenerOptions {
  apiKeys: readonly string[];
  /** Largest request body accepted (default 1 MiB). */
  maxBodyBytes?: number;
}

/** Handles `/v1/*` and `/v2/*`; returns false for other paths so the caller can serve them. */
export function createApiListener(router: OperationRouter, options: ListenerOptions) {
  const unauthorized = apiKeyCheck(options.apiKeys);
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;

  /** `url` must be absolute, built from the request's Host, so handlers can make absolute links. */
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const api = router.apiOf(url.pathname);
    if (!api) return false;
    const fail = (error: EmulatorError, headers?: Record<string, string>) => {
      const reply = router.failure(api, error);
      send(res, reply.status, reply.body, headers);
      return true;
    };
    const denied = unauthorized(req);
    if (denied) return fail(denied);
    let body: Buffer;
    try {
      body = await readBody(req, maxBody);
    } catch (error) {
      return fail(
        error instanceof EmulatorError ? error : new BadRequestError('could not read the request body'),
      );
    }
    const reply = await router.handle(
      req.method ?? 'GET',
      url.pathname,
      {
        query: url.searchParams,
        headers: req.headers,
        body,
        contentType: String(req.headers['content-type'] ?? ''),
      },
      url.origin,
    );
    if (!reply) {
      const allowed = router.allowedMethods(url.pathname);
      if (allowed.length) {
        return fail(
          new MethodNotAllowedError(
            `${req.method} is not allowed here; use ${allowed.join(' or ')}`,
            allowed,
          ),
          { allow: allowed.join(', ') },
        );
      }
      return fail(new NotFoundError(`no operation at ${url.pathname}`));
    }
    send(res, reply.status, reply.body);
    return true;
  };
}

/**
 * The x-api-key check the API edge and the server's own routes share: undefined for an accepted
 * key, else the 401 to answer. A refused request's body is drained so the connection can be reused.
 */
export function apiKeyCheck(apiKeys: readonly string[]): (req: IncomingMessage) => EmulatorError | undefined {
  const keys = new Set(apiKeys);
  return (req) => {
    const key = req.headers['x-api-key'];
    if (typeof key === 'string' && keys.has(key)) return undefined;
    req.resume();
    return new AuthenticationError('a valid x-api-key header is required', 'x-api-key');
  };
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new PayloadTooLargeError(`request body is larger than ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) return;
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const bytes = toJsonBytes(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
    ...headers,
  });
  res.end(bytes);
}
