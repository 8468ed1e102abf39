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
  // Not a difference of the emulator's: the validator's pre-pass flattens `Frame`'s discriminator
  // (version `next` → FrameV2, `vNext` → FrameV1) into a plain oneOf, and a FrameV2 also satisfies
  // FrameV1, whose fields are all optional; the discriminator alone would pick exactly one.
  ...Object.fromEntries(
    ['fetchFrameMetaTagsFromUrl', 'postFrameAction', 'postFrameActionDeveloperManaged'].map((name) => [
      `v2 ${name}`,
      [
        {
          path: 'must match exactly one schema in oneOf {"passingSchemas":[0,1]}',
          reason: 'discriminator flattened by the pre-pass',
        },
      ],
    ]),
  ),
};
