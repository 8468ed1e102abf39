// Sends one operation through the SDK and never throws: the outcome is what the response viewer shows.
import type { OperationSpec, RawResponse } from '@castkit/sdk/2.x';
import { type Clients, clientFor } from './clients';

export type Outcome =
  | {
      kind: 'response';
      status: number;
      headers: Record<string, string>;
      data: unknown;
      ms: number;
      bytes: number;
    }
  | { kind: 'error'; error: Error; ms: number };

export async function sendOperation(
  clients: Clients,
  op: OperationSpec,
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Outcome> {
  const started = performance.now();
  try {
    const res = (await clientFor(clients, op).request(op, params, {
      raw: true,
      signal,
    })) as RawResponse<unknown>;
    const ms = performance.now() - started;
    return { kind: 'response', ...res, ms, bytes: sizeOf(res.headers, res.data) };
  } catch (error) {
    return { kind: 'error', error: error as Error, ms: performance.now() - started };
  }
}

function sizeOf(headers: Record<string, string>, data: unknown): number {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > 0) return declared;
  if (data === undefined) return 0;
  return new TextEncoder().encode(typeof data === 'string' ? data : JSON.stringify(data)).byteLength;
}
