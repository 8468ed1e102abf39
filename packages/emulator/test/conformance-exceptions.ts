// Where the emulator knowingly differs from the spec's response schema, one line each with the reason.
// Keys are `<api> <method>`; `path` is a substring of the Ajv error to excuse.
export const conformanceExceptions: Record<string, { path: string; reason: string }[]> = {
  'hub fetchUserData': [
    {
      path: 'userDataBody/type must be equal to one of the allowed values',
      reason: 'hubs return LOCATION, TWITTER, GITHUB, BANNER user data too; the spec enum predates them',
    },
  ],
};
