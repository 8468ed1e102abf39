import type { OperationSpec } from '@castkit/sdk/2.x';
import { describe, expect, it } from 'vitest';
import { findOperation, loadCatalog } from '../src/api/catalog';
import { parseExplorerSearch } from '../src/explorer/explorer-search';
import { checkRequest, rawBodyFrom, toParams } from '../src/explorer/form-model';

const [catalog3, catalog244] = await Promise.all([loadCatalog('3'), loadCatalog('2.44')]);
const op = (key: string) => findOperation(catalog244, key) as OperationSpec;
const ctx = { baseUrl: 'http://x/v2', apiKey: 'k' };

describe('form values become SDK params', () => {
  it('rejects numbers outside the spec minimum and maximum before sending', () => {
    const fetchFeed = op('v2.fetchUserFollowers');
    const limit = fetchFeed.params.find((p) => p.key === 'limit')!;
    expect(toParams(fetchFeed, { limit: String(limit.maximum! + 1) }).errors.limit).toBe(
      `Must be at most ${limit.maximum}.`,
    );
    expect(toParams(fetchFeed, { limit: '1.5' }).errors.limit).toBe('Enter a whole number.');
    expect(toParams(fetchFeed, { limit: 'abc' }).errors.limit).toBe('Enter a number.');
  });

  it('turns integer token lists into numbers and rejects a token that is not one', () => {
    const bulk = op('v2.fetchBulkUsers');
    expect(toParams(bulk, { fids: ['1', '2'] }).params.fids).toEqual([1, 2]);
    expect(toParams(bulk, { fids: ['1', 'x'] }).errors.fids).toBe('"x" is not a number.');
  });

  it('sends a date picked in local time as an ISO string', () => {
    const analytics = op('v2.fetchValidateFrameAnalytics');
    expect(analytics.params.find((p) => p.key === 'start')?.type).toBe('date');
    // What a datetime-local input holds: wall-clock time without a zone.
    const { params, errors } = toParams(analytics, { start: '2024-04-06T06:44', stop: 'not a date' });
    expect(params.start).toBe(new Date(2024, 3, 6, 6, 44).toISOString());
    expect(errors.stop).toBe('Not a valid date.');
  });

  it('uses the raw JSON body in place of the structured body fields', () => {
    const publish = op('v2.publishCast');
    const raw = rawBodyFrom(publish, { signerUuid: 'abc', text: 'hi' });
    expect(JSON.parse(raw)).toEqual({ signer_uuid: 'abc', text: 'hi' });
    // The one whole-body operation: its parameter is the body, not a field of it.
    expect(JSON.parse(rawBodyFrom(op('v2.publishMessageToFarcaster'), { body: '{"a":1}' }))).toEqual({
      a: 1,
    });
    const check = checkRequest(publish, { text: 'ignored' }, '{"signer_uuid":"abc","text":"raw"}', ctx);
    expect(check.ok && JSON.parse(check.request.body as string)).toEqual({ signer_uuid: 'abc', text: 'raw' });
    const bad = checkRequest(publish, {}, '{oops', ctx);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^Body: Invalid JSON/);
  });

  it("reports a missing required parameter with the SDK's own message", () => {
    const check = checkRequest(op('v2.lookupUserByUsername'), {}, undefined, ctx);
    expect(!check.ok && check.message).toBe(
      'Required parameter username was null or undefined when calling lookupUserByUsername.',
    );
  });
});

describe('deep links', () => {
  it('keep numbers the router parsed from the URL as the text the form holds', () => {
    expect(
      parseExplorerSearch({ op: 'v2.fetchBulkUsers', in: { fids: [1, 2], viewerFid: 3, x: { bad: 1 } } }),
    ).toEqual({
      op: 'v2.fetchBulkUsers',
      in: { fids: ['1', '2'], viewerFid: '3' },
    });
  });
});

describe('the empty state', () => {
  it('only suggests operations that exist', async () => {
    const { STARTERS } = await import('../src/explorer/EmptyState');
    for (const key of STARTERS) {
      expect(findOperation(catalog3, key), key).toBeDefined();
      expect(findOperation(catalog244, key), key).toBeDefined();
    }
  });
});
