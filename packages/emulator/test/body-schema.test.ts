// Body schemas compile on an operation's first request; each must compile, so a first call never 5xxs.
import { allOperations as allOperations3 } from '@castkit/sdk';
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

  it("compile for every 3.x operation with a JSON body, judged by 3.174's schemas: an empty body is a 400 or accepted, never a crash", () => {
    const withBodies = allOperations3.filter((op) => op.body?.kind === 'json');
    expect(withBodies.length).toBeGreaterThan(60);
    const crashes: string[] = [];
    for (const op of withBodies) {
      try {
        checkBody(op, {});
      } catch (e) {
        if (!(e instanceof ValidationError)) crashes.push(`${op.api} ${op.name}: ${String(e)}`);
      }
    }
    expect(crashes).toEqual([]);
  });
});
