// The emulator's floors, lowest first: a source file imports only from its own floor and those
// below (test/architecture.test.ts holds every file of src to it, and to having no import cycle).
// STORE.md and the README show this list as a table; the same test checks they say the same.

export interface Floor {
  name: string;
  /** Folders of src on this floor; '' stands for the files directly in src. */
  folders: readonly string[];
  /** What lives here, as the tables in STORE.md and the README say it. */
  holds: string;
  /** Files or folders of lower floors this floor may still not import, and why. */
  without?: { paths: readonly string[]; why: string };
}

export const FLOORS: readonly Floor[] = [
  {
    name: 'ground',
    folders: ['ground', 'generated', 'command', 'control'],
    holds:
      "HTTP status vocabulary and API error classes, the protocol's value types, codecs and keys, `absoluteUrl`, `escapeHtml`; codegen's wire types; the CLI's argument parser; the developer controls' contract (`@castkit/emulator/control`). Imports nothing of the emulator",
  },
  {
    name: 'edge',
    folders: ['edge', 'cassette'],
    holds:
      'the general HTTP edge (`@castkit/emulator/edge`): router, edge, CORS, bodies, decoding, Host and target checks, replies, multipart, error bodies; cassettes of recorded exchanges (`@castkit/emulator/cassette`)',
  },
  {
    name: 'store',
    folders: ['store'],
    holds:
      'SQLite plumbing, schemas (`*-schema.ts`), typed statements (`statements.ts`), the query layer (`store/queries`), read caches, the commit signal',
    without: {
      paths: ['ground/errors.ts', 'edge'],
      why: 'the store knows nothing of HTTP: only domain writes raise API errors',
    },
  },
  {
    name: 'domain',
    folders: ['domain', 'protocol', 'seed'],
    holds:
      "domain writes (accounts, social, ledger, on-chain, snapshots, idempotency), the protocol's one write path (`@castkit/emulator/protocol`), the seed",
  },
  {
    name: 'read models',
    folders: ['hydrate'],
    holds: 'v2 objects built from the tables (users, casts, channels, mini apps, viewer context), cached',
  },
  {
    name: 'APIs',
    folders: ['api', 'v2', 'hub', 'events', 'webhooks', 'realtime', 'miniapps', 'outbound'],
    holds:
      'the operation dispatch and parameters, the v2 and hub handlers, events, webhooks, realtime, mini apps, outbound targets',
  },
  {
    name: 'routes and controls',
    folders: ['server'],
    holds: "the emulator's own routes: developer controls under `/_emulator`, assets and pages",
  },
  {
    name: 'entry points',
    folders: ['', 'testing'],
    holds: '`startEmulator` (`emulator.ts`), the CLI, the package entries, the test kit',
  },
];
