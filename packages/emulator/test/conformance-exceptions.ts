// Where the emulator knowingly differs from the spec's response schema, one line each with the reason.
// Keys are `<api> <method>`; `path` is a substring of the Ajv error to excuse. The reasons live with
// the response types that state the same differences (src/api/spec-differences.ts).
import { SPEC_DIFFERENCES } from '../src/api/spec-differences.js';

// 2.44 requires `deleted_at` as a date-time even on a webhook that is not deleted; the emulator sends
// null there, as 3.x declares it.
const notDeleted = { path: '/deleted_at must be string', reason: SPEC_DIFFERENCES.v2WebhookNotDeleted };

export const conformanceExceptions: Record<string, { path: string; reason: string }[]> = {
  'v2 publishWebhook': [notDeleted],
  'v2 lookupWebhook': [notDeleted],
  'v2 fetchWebhooks': [notDeleted],
  'v2 updateWebhook': [notDeleted],
  'v2 updateWebhookActiveStatus': [notDeleted],
  'v2 buyStorage': [{ path: "must have required property 'errors'", reason: SPEC_DIFFERENCES.v2ZodErrors }],
  'hub fetchUserData': [
    {
      path: 'userDataBody/type must be equal to one of the allowed values',
      reason: SPEC_DIFFERENCES.hubUserDataTypes,
    },
  ],
};

/** 3.x's zod issue list for a 400, where the emulator answers ErrorRes as everywhere. */
const zod3 = { path: "/ must have required property 'errors'", reason: SPEC_DIFFERENCES.zodErrors3 };

/** The same, for answers to 3.x callers judged by the 3.174 spec. */
export const conformanceExceptions3: Record<string, { path: string; reason: string }[]> = {
  'v2 buyStorage': [zod3],
  'v2 getUserBestFriends': [zod3],
  'v2 simulateNftMint': [zod3],
  'v2 mintNft': [zod3],
  'v2 uploadTokenMetadata': [zod3],
};
