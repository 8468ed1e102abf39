// The WebSocket the client speaks through: the platform's where there is one (browsers, Node 22+,
// edge runtimes), else the optional peer dependency `ws`, loaded only when needed.
import { MissingPeerDependencyError } from '../core/errors.js';

/** The part of the WHATWG WebSocket interface the client uses (`ws` implements it too). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WebSocketConstructor = new (url: string) => SocketLike;

async function webSocketClass(given: WebSocketConstructor | undefined): Promise<WebSocketConstructor> {
  if (given) return given;
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (global) return global;
  // A name in a variable: bundlers for the browser leave it alone (browsers never get here).
  const name = 'ws';
  try {
    const mod = (await import(/* @vite-ignore */ name)) as {
      WebSocket?: WebSocketConstructor;
      default?: unknown;
    };
    return (mod.WebSocket ?? mod.default) as WebSocketConstructor;
  } catch (cause) {
    throw new MissingPeerDependencyError(
      'ws',
      'RealtimeClient',
      'or pass a WebSocket class as the WebSocket option',
      {
        cause,
      },
    );
  }
}

/** Resolves with the socket once it is open; rejects if it closes or fails first. */
export async function openSocket(url: string, given?: WebSocketConstructor): Promise<SocketLike> {
  const Ctor = await webSocketClass(given);
  const socket = new Ctor(url);
  return new Promise((resolve, reject) => {
    socket.onopen = () => {
      socket.onerror = null;
      resolve(socket);
    };
    socket.onerror = () => {};
    socket.onclose = (event) =>
      reject(
        new Error(`could not open ${url} (close ${event.code}${event.reason ? `: ${event.reason}` : ''})`),
      );
  });
}
