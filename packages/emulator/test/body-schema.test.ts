// Body schemas compile on an operation's first request; each must compile, so a first call never 5xxs.
import { allOperations } from '@castkit/sdk';
import { describe, expect, it } from 'vitest';
import { checkBody } from '../src/api/body-schema.js';
import { ValidationError } from '../src/ground/errors.js';

describe('request body schemas', () => {
  it('compile for every operation with a JSON body, answering an empty body with a validation error or nothing', () => {
    const withBodies = allOperations.filter((op) => op.body?.kind === 'json');
    expect(withBodies.length).toBeGreaterThan(20);
    for (const op of withBodies) {
      try {
        checkBody(op, {});
      } catch (error) {
        expect(error, `${op.api} ${op.name}`).toBeInstanceOf(ValidationError);
      }
    }
  });
});
