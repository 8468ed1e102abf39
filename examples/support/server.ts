// Where the examples send their calls: CASTKIT_URL, the server's address without /v2 (the local
// emulator, http://localhost:3000, unless told otherwise; https://api.neynar.com for the real API),
// with the key in NEYNAR_API_KEY (the emulator's dev key unless told otherwise).
const legacy = process.env.CASTKIT_BASE_URL;
// The examples used to read the main API's base URL (with /v2) from CASTKIT_BASE_URL.
if (legacy)
  console.warn(
    `CASTKIT_BASE_URL is deprecated: set CASTKIT_URL to the server's address without /v2 (${legacy.replace(/\/v2\/?$/, '')})`,
  );

export const serverUrl = (
  process.env.CASTKIT_URL ||
  legacy?.replace(/\/v2\/?$/, '') ||
  'http://localhost:3000'
).replace(/\/+$/, '');

/** The main API on that server. */
export const baseUrl = `${serverUrl}/v2`;

export const apiKey = process.env.NEYNAR_API_KEY ?? 'castkit-dev-key';
