// The flags of a running emulator, shared by `castkit-emulator` and `castkit dev`: add a flag here
// and both commands parse it, document it in --help and hand it to `serve`.
import type { OptionTable } from './args.js';

export const SERVE_OPTIONS = {
  port: { type: 'string', value: 'N', description: 'port to listen on (0: any free port)' },
  host: { type: 'string', value: 'H', description: 'address to listen on (default 127.0.0.1)' },
  'allow-host': {
    type: 'string',
    multiple: true,
    value: 'NAME',
    description: 'also serve this Host name (loopback names and --host always are)',
  },
  cors: {
    type: 'string',
    multiple: true,
    value: 'ORIGIN[,ORIGIN]',
    description: 'let browser apps on these origins call the APIs (local origins always may)',
  },
  db: {
    type: 'string',
    value: 'PATH|:memory:',
    description: 'SQLite database file (default .castkit/emulator.db in the working directory)',
  },
  'seed-size': {
    type: 'string',
    value: 'small|large|none',
    description: 'size of the seeded social graph (small); none: empty, for castkit import',
  },
  seed: { type: 'string', value: 'N', description: 'seed of the generated data (1)' },
  'api-key': {
    type: 'string',
    multiple: true,
    value: 'KEY',
    description: 'API key to accept (castkit-dev-key)',
  },
  fault: {
    type: 'string',
    multiple: true,
    value: 'RULE',
    description:
      'inject a fault: key=value pairs, e.g. operation=publishCast,effect=error,status=503,times=2 ' +
      'or path=/v2/farcaster/cast*,method=POST,effect=latency,latencyMs=500,probability=0.3,seed=7 ' +
      '(effects: error, latency, drop, timeout, not-stored, stored-timeout)',
  },
  'rate-limit': {
    type: 'string',
    value: 'starter|growth|scale',
    description: "apply that plan's per-endpoint and global rate limits (off)",
  },
  import: {
    type: 'string',
    value: 'FILE',
    description: 'start from a database exported before instead of the seed; reset returns to it',
  },
  'export-on-exit': {
    type: 'string',
    value: 'FILE',
    description: 'on exit (SIGINT/SIGTERM), write the whole database to this new file',
  },
  replay: {
    type: 'string',
    value: 'FILE',
    description: 'answer API requests recorded in this cassette (castkit dev --record) as recorded',
  },
  unmatched: {
    type: 'string',
    value: '404|emulator',
    description: 'with --replay: what answers a request the cassette does not hold (404 naming it)',
  },
} as const satisfies OptionTable;
