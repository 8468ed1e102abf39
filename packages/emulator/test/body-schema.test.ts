// Body schemas compile on an operation's first request; each must compile, so a first call never 5xxs.
import { allOperations } from '@castkit/sdk/2.x';
import { describe, expect, it } from 'vitest';
import { checkBody } from '../src/api/body-schema.js';
import { ValidationError } from '../src/ground/errors.js';

describe('request body schemas', () => {
  it('compile for every operation with a JSON body: an empty body is refused naming a required field, or accepted when none is', () => {
    const withBodies = allOperations.filter((op) => op.body?.kind === 'json');
    // A field that is the whole body (publishMessageToFarcaster's) is required of the caller, not of the JSON.
    const required = (op: (typeof withBodies)[number]) =>
      op.params.filter((p) => p.in === 'body' && p.required && !p.whole).map((p) => p.name);
    const refusing = withBodies.filter((op) => required(op).length > 0);
    const accepting = withBodies.filter((op) => required(op).length === 0);
    expect(refusing.length).toBeGreaterThan(20);
    expect(accepting.map((op) => op.name).sort()).toEqual([
      'deleteNeynarFrame',
      'markNotificationsAsSeen',
      'publishMessageToFarcaster',
    ]);
    for (const op of refusing) {
      const names = required(op).join('|');
      expect(() => checkBody(op, {}), `${op.api} ${op.name}`).toThrow(ValidationError);
      expect(() => checkBody(op, {}), `${op.api} ${op.name}`).toThrow(new RegExp(`^(${names}) is required$`));
    }
    for (const op of accepting) expect(() => checkBody(op, {}), `${op.api} ${op.name}`).not.toThrow();
  });
});
