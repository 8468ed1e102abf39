// Where the emulator knowingly differs from the spec's response schema, one line each with the reason.
// Keys are `<api> <method>`; `path` is a substring of the Ajv error to excuse. The reasons live with
// the response types that state the same differences (src/api/spec-differences.ts).
import { SPEC_DIFFERENCES } from '../src/api/spec-differences.js';

export const conformanceExceptions: Record<string, { path: string; reason: string }[]> = {
  'v2 buyStorage': [{ path: "must have required property 'errors'", reason: SPEC_DIFFERENCES.v2ZodErrors }],
  'hub fetchUserData': [
    {
      path: 'userDataBody/type must be equal to one of the allowed values',
      reason: SPEC_DIFFERENCES.hubUserDataTypes,
    },
  ],
};
