// The JSON-RPC 2.0 helper: what it builds is what the specification says, and answers find their
// requests by id whatever order they come back in.
import { describe, expect, it } from 'vitest';
import {
  CastkitError,
  isJsonRpcResponse,
  JSON_RPC_ERRORS,
  JsonRpcError,
  jsonRpcBatch,
  jsonRpcNotification,
  jsonRpcRequest,
  jsonRpcResult,
  matchJsonRpcResponses,
} from '../src/2x/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('building messages', () => {
  it('gives every request a fresh random UUID id and leaves params out when there are none', () => {
    const a = jsonRpcRequest('subscribe', { events: ['cast.created'] });
    const b = jsonRpcRequest('ping');
    expect(a).toEqual({
      jsonrpc: '2.0',
      id: a.id,
      method: 'subscribe',
      params: { events: ['cast.created'] },
    });
    expect(b).toEqual({ jsonrpc: '2.0', id: b.id, method: 'ping' });
    expect(a.id).toMatch(UUID);
    expect(b.id).toMatch(UUID);
    const ids = new Set(Array.from({ length: 1000 }, () => jsonRpcRequest('ping').id));
    expect(ids.size).toBe(1000);
  });

  it('builds a notification without an id, and a batch of requests with distinct ids', () => {
    expect(jsonRpcNotification('event', { n: 1 })).toEqual({
      jsonrpc: '2.0',
      method: 'event',
      params: { n: 1 },
    });
    expect('id' in jsonRpcNotification('ping')).toBe(false);
    const batch = jsonRpcBatch([{ method: 'ping' }, { method: 'login', params: { api_key: 'k' } }]);
    expect(batch.map((r) => r.method)).toEqual(['ping', 'login']);
    expect(batch[1]!.params).toEqual({ api_key: 'k' });
    expect(new Set(batch.map((r) => r.id)).size).toBe(2);
  });
});

describe('reading answers', () => {
  it('matches a batch of answers, in any order, to its requests by id; error objects become JsonRpcErrors', () => {
    const [ping, login, gone] = jsonRpcBatch([
      { method: 'ping' },
      { method: 'login' },
      { method: 'unsubscribe' },
    ]);
    const results = matchJsonRpcResponses(
      [ping!, login!, gone!],
      [
        { jsonrpc: '2.0', id: login!.id, error: { code: -32001, message: 'wrong api key', data: { x: 1 } } },
        'garbage',
        { jsonrpc: '2.0', id: ping!.id, result: 'pong' },
      ],
    );
    expect(results[0]).toEqual({ ok: true, result: 'pong' });
    const failed = results[1] as { ok: false; error: JsonRpcError };
    expect(failed.ok).toBe(false);
    expect(failed.error).toBeInstanceOf(JsonRpcError);
    expect(failed.error).toBeInstanceOf(CastkitError);
    expect(failed.error.code).toBe(-32001);
    expect(failed.error.data).toEqual({ x: 1 });
    expect(failed.error.message).toBe('login: wrong api key (JSON-RPC error -32001)');
    const missing = results[2] as { ok: false; error: JsonRpcError };
    expect(missing.error.method).toBe('unsubscribe');
    expect(missing.error.code).toBe(JSON_RPC_ERRORS.internalError);
  });

  it('returns a result, or throws the error object as a JsonRpcError keeping its code', () => {
    expect(jsonRpcResult('ping', { jsonrpc: '2.0', id: '1', result: 'pong' })).toBe('pong');
    const error = (() => {
      try {
        jsonRpcResult('nope', {
          jsonrpc: '2.0',
          id: '1',
          error: { code: -32601, message: 'unknown method nope' },
        });
      } catch (e) {
        return e as JsonRpcError;
      }
    })();
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error?.code).toBe(JSON_RPC_ERRORS.methodNotFound);
  });

  it('tells well-formed responses from anything else', () => {
    expect(isJsonRpcResponse({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'x' } })).toBe(true);
    expect(isJsonRpcResponse({ jsonrpc: '2.0', id: 1, result: null })).toBe(true);
    for (const bad of [
      null,
      [],
      { id: 1, result: 1 },
      { jsonrpc: '1.0', id: 1, result: 1 },
      { jsonrpc: '2.0', result: 1 },
      { jsonrpc: '2.0', id: 1, result: 1, error: { code: 1, message: 'x' } },
      { jsonrpc: '2.0', id: 1, error: { message: 'x' } },
      { jsonrpc: '2.0', method: 'event', params: {} },
    ]) {
      expect(isJsonRpcResponse(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
