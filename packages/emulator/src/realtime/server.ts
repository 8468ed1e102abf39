// The event stream's door: WebSocket upgrades to /realtime on the emulator's own HTTP server, after
// the same target, Host and Origin checks as every request (edge/edge.ts), then one Session each.
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { asEmulatorError, errorReply } from '../edge/error-reply.js';
import { NotFoundError } from '../ground/errors.js';
import type { Store } from '../store/store.js';
import { EventFeed } from './feed.js';
import { Session, type SessionLimits } from './session.js';

export const REALTIME_PATH = '/realtime';

export interface RealtimeOptions extends Partial<SessionLimits> {
  /** Largest frame read, in bytes (default 1 MiB); a larger one closes the socket with 1009. */
  maxFrameBytes?: number;
}

export interface RealtimeServer {
  /** Closes every socket (1001, going away) and stops following the event log. */
  close(): void;
}

export function attachRealtime(
  server: Server,
  context: {
    store: Store;
    /** The server's origin once it listens: events carry asset URLs on it, as v2 reads do. */
    origin: () => string;
    apiKeys: readonly string[];
    /** edge.ts's upgradeGuard: the URL, or throws the error to refuse with. */
    guard: (req: IncomingMessage) => URL;
    logger: { error(message: string): void };
  },
  options: RealtimeOptions = {},
): RealtimeServer {
  const limits: SessionLimits = {
    sendBufferBytes: options.sendBufferBytes ?? 1024 * 1024,
    stallMs: options.stallMs ?? 5_000,
    maxBatch: options.maxBatch ?? 100,
    maxSubscriptions: options.maxSubscriptions ?? 100,
    maxFrameBytesBeforeLogin: options.maxFrameBytesBeforeLogin ?? 4 * 1024,
  };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes ?? 1024 * 1024 });
  const keys = new Set(context.apiKeys);
  let feed: EventFeed | undefined;
  const logBug = (error: unknown) =>
    context.logger.error(
      `[castkit-emulator] realtime: ${error instanceof Error ? error.stack : String(error)}`,
    );

  server.on('upgrade', (req, socket: Duplex, head: Buffer) => {
    try {
      const url = context.guard(req);
      if (url.pathname !== REALTIME_PATH)
        throw new NotFoundError(`no WebSocket at ${url.pathname}; use ${REALTIME_PATH}`);
    } catch (error) {
      refuse(socket, error);
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      new Session(ws, () => (feed ??= new EventFeed(context.store, context.origin())), keys, limits, logBug);
    });
  });

  return {
    close() {
      for (const ws of sockets.clients) ws.close(1001, 'emulator shutting down');
      // Peers that do not answer the close handshake are cut off.
      for (const ws of sockets.clients) setTimeout(() => ws.terminate(), 1_000).unref();
      sockets.close();
      feed?.close();
    },
  };
}

/** An HTTP answer on a socket that asked to upgrade: the status and the emulator's error body. */
function refuse(socket: Duplex, error: unknown): void {
  const reply = errorReply('v2', asEmulatorError(error));
  const body = JSON.stringify(reply.body);
  socket.end(
    `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
