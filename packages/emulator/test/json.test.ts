import { describe, expect, it } from 'vitest';
import { toJsonBytes } from '../src/edge/json.js';

const toJson = (value: unknown) => toJsonBytes(value).toString('utf8');

describe('response bodies as JSON text', () => {
  it('writes exactly what JSON.stringify writes', () => {
    const frozen = Object.freeze({ z: 1, list: Object.freeze([1, 'two', null]) });
    const bodies: unknown[] = [
      null,
      'text with "quotes" and \u2028 and emoji 🚀',
      42,
      [1, undefined, () => 1, { a: undefined }],
      { a: 1, skip: undefined, fn: () => 1, nested: { deeper: { deepest: [{ x: 1 }] } } },
      { when: new Date(Date.UTC(2026, 0, 1)), custom: { toJSON: () => 'custom' } },
      { casts: [frozen, { ...frozen, viewer_context: { liked: true } }, frozen], next: { cursor: null } },
      { 'key "quoted"': [[[[1]]]], empty: {}, emptyList: [] },
    ];
    for (const body of bodies) expect(toJson(body)).toBe(JSON.stringify(body));
  });

  it('serializes a shared frozen object once, however many responses carry it', () => {
    let reads = 0;
    const shared = Object.freeze({
      get text() {
        reads++;
        return 'hello';
      },
    });
    expect(toJson({ casts: [shared] })).toBe('{"casts":[{"text":"hello"}]}');
    expect(toJson({ casts: [shared, shared] })).toBe('{"casts":[{"text":"hello"},{"text":"hello"}]}');
    expect(reads).toBe(1);
  });
});
