// The two generations of the established SDK castkit offers a surface for: @neynar/nodejs-sdk 2.44
// (from neynar-v2.yaml and hub-v1.yaml) and 3.x (from 3.174/). Both are typescript-axios clients
// under a hand-written wrapper; these are the rules in which what they name and send differs. The
// emitters read them and are otherwise the same for both.

export const GENERATION_2 = {
  generation: 2,
  /** Main-API paths are relative to `/v2` (`/farcaster/cast`). */
  rootPaths: false,
  /** Query arrays are sent comma-joined, whatever the spec says. */
  queryArrays: 'csv',
  /** Header parameters the wrapper reads from `baseOptions.headers` instead of the method's params. */
  clientHeaders: [],
  /** Which JSON bodies a caller may also pass whole: those with a component schema, under its name. */
  wrappedBodies: 'component',
  /** Enum members drop a prefix every value shares (`FARCASTER_NETWORK_MAINNET` → `Mainnet`). */
  stripEnumPrefix: true,
  /** An optional file field takes `null` for none (3.x types it `File | null`). */
  nullableFiles: false,
  /** Inline request bodies and responses are not models of their own, so their enums have no names. */
  inlineModels: false,
  /** The default base URLs, as the docs quote them. */
  bases: { v2: 'https://api.neynar.com/v2', hub: 'https://hub-api.neynar.com' },
};

export const GENERATION_3 = {
  generation: 3,
  /** Every path is from the API root (`/v2/farcaster/cast/`, `/portal/...`), trailing slash and all. */
  rootPaths: true,
  /** Arrays repeat their key (`networks=base&networks=optimism`) unless the spec marks them comma-separated. */
  queryArrays: 'repeat',
  clientHeaders: ['x-neynar-experimental', 'x-wallet-id', 'authorization'],
  /** Inline JSON bodies are passed whole under the name the generator gave them (`deployErc721Request`). */
  wrappedBodies: 'inline',
  stripEnumPrefix: false,
  nullableFiles: true,
  /** The generator names inline bodies and responses (`DeployErc721Request`, `FetchCastQuotes200Response`). */
  inlineModels: true,
  bases: { v2: 'https://api.neynar.com', hub: 'https://snapchain-api.neynar.com' },
};
