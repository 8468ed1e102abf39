import { describe, expect, it } from 'vitest';
import { allOperations, searchOperations } from '../src/2x/index.js';

describe('operation search', () => {
  it('ranks the operation whose name reads as the typed phrase first', () => {
    expect(searchOperations(allOperations, 'user by username')[0]?.name).toBe('lookupUserByUsername');
    expect(searchOperations(allOperations, 'lookupUserByUsername')[0]?.name).toBe('lookupUserByUsername');
    expect(searchOperations(allOperations, '/farcaster/user/bulk')[0]?.name).toBe('fetchBulkUsers');
    expect(searchOperations(allOperations, 'zzzz')).toEqual([]);
  });
});
