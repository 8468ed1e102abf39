// Request bodies as bytes, with a size limit that the client hears about: the 413 goes out while
// the client may still be sending, and the rest is read and dropped for a bounded while before the
// connection closes, so the client reads the answer instead of a connection reset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequestError, PayloadTooLargeError } from '../ground/errors.js';

/** How much of a refused body is read and dropped, and for how long, before the socket closes. */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 5_000;

const EMPTY = Buffer.alloc(0);

/** Whether the request has a body at all (HTTP/1.1 announces one by either header). */
export const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

const tooLarge = (limit: number) =>
  new PayloadTooLargeError(`request body is larger than the limit of ${limit} bytes`);

/** The whole body, or a PayloadTooLargeError as soon as it is known to exceed `limit`. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (!hasBody(req)) return Promise.resolve(EMPTY);
  // Content-Length is known up front: refuse before reading a byte.
  if (Number(req.headers['content-length']) > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFailure);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onFailure = () => {
      stop();
      reject(new BadRequestError('the request body could not be read'));
    };
    const onClose = () => {
      if (!req.complete) onFailure();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onFailure);
    req.on('close', onClose);
  });
}

/**
 * Answers a request whose body is still arriving (a 413), then drops what the client still sends,
 * up to a bound, before the connection closes.
 */
export function answerThenDrain(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  bytes: Buffer,
): void {
  res.shouldKeepAlive = false;
  res.writeHead(status, { ...headers, 'content-length': bytes.length, connection: 'close' });
  if (req.complete || req.destroyed) {
    res.end(bytes);
    return;
  }
  // The whole answer goes out now; ending the response is what closes the socket, so it waits.
  res.write(bytes);
  let dropped = 0;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    req.off('data', onData);
    res.end();
  };
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_BYTES) finish();
  };
  const timer = setTimeout(finish, DRAIN_MS);
  timer.unref();
  req.on('data', onData);
  req.once('end', finish);
  req.once('close', finish);
  req.once('error', finish);
  req.resume();
}
