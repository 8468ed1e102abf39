// castkit: `dev` runs the local emulator; `call` calls any operation; `ops` lists them.
import { ApiError } from '@castkit/sdk';
import { parseArgs, UsageError } from './args.js';
import { runCall } from './commands/call.js';
import { runDev } from './commands/dev.js';
import { runOps } from './commands/ops.js';

const HELP = `castkit — tools for building on Farcaster

  castkit dev  [--port N] [--host H] [--allow-host NAME]... [--cors ORIGIN[,ORIGIN]]...
               [--db PATH|:memory:] [--seed-size small|large] [--seed N] [--api-key KEY]
      run the local emulator (both APIs, seeded) and the console on one URL; prints it and the API key.
      Only loopback names, --host and --allow-host names are served as Host; browser apps on local
      origins (and --cors origins) may call the APIs with the key
  castkit dev  --upstream [URL] [--port N] [--host H] [--allow-host NAME]... [--upstream-timeout SECONDS]
      the console against a remote API (default https://api.neynar.com), key from NEYNAR_API_KEY;
      only the console this server serves can use it (no CORS), upstream answers wait at most 30 s
  castkit call <operation> [--param value ...] [--json '{...}'] [--raw]
               [--base-url URL] [--api-key KEY] [--upstream]
      call any operation of either API (hub operations that share a v2 name: hub.<name>)
  castkit ops  [search words]
      list operations with their parameters`;

export async function main(
  argv: readonly string[],
  io: { out: (s: string) => void; err: (s: string) => void } = { out: console.log, err: console.error },
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'dev':
        return await runDev(rest, parseArgs(rest), io.out);
      case 'call':
        return await runCall(parseArgs(rest), io.out);
      case 'ops':
        return runOps(parseArgs(rest), io.out);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(HELP);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"\n\n${HELP}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    if (error instanceof ApiError) {
      io.err(`error: ${error.message}`);
      io.err(JSON.stringify(error.body, null, 2));
      return 1;
    }
    if (error instanceof Error) {
      io.err(`error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
