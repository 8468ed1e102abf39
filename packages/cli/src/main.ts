// castkit: `dev` runs the local emulator; `call` calls any operation; `ops` lists them; `listen` prints
// webhook deliveries.
import { readFileSync } from 'node:fs';
import { ApiError, RequiredError } from '@castkit/sdk/2.x';
import { type CommandSpec, commandHelp, parseCommand, UsageError } from './args.js';

// Each command's module is loaded when that command runs: `castkit call` or `--help` does not load
// the dev server, the console's routes, the cassette recorder or the import's paging.
const COMMANDS: Record<string, () => Promise<CommandSpec>> = {
  dev: async () => (await import('./commands/dev.js')).DEV_COMMAND,
  call: async () => (await import('./commands/call.js')).CALL_COMMAND,
  ops: async () => (await import('./commands/ops.js')).OPS_COMMAND,
  listen: async () => (await import('./commands/listen.js')).LISTEN_COMMAND,
  snapshot: async () => (await import('./commands/snapshot.js')).SNAPSHOT_COMMAND,
  import: async () => (await import('./commands/import.js')).IMPORT_COMMAND,
  reset: async () => (await import('./commands/snapshot.js')).RESET_COMMAND,
};

/** Read at run time: the same relative path from src/ (tests) and dist/ (the package). */
export const VERSION: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

const HELP = `castkit ${VERSION} — tools for building on Farcaster

usage: castkit <command> [options]

commands:
  dev       run the local emulator (both APIs, seeded) and the console on one URL
  call      call any operation of either API: castkit call <operation> --param value ...
  ops       list the operations with one-line summaries
  snapshot  save, restore, list or delete named states of a running emulator
  import    copy users, their graph, casts, channels and reactions from the live API into the emulator
  reset     return a running emulator to its seed
  listen    print webhook events as they happen (a temporary webhook, removed on exit)

castkit <command> --help shows a command's options; castkit call <operation> --help an operation's
parameters. --version prints the version. Exit codes: 0 ok, 1 API or connection error, 2 usage.`;

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

export async function main(
  argv: readonly string[],
  io: Io = { out: console.log, err: console.error },
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'dev': {
        const { DEV_COMMAND, runDev } = await import('./commands/dev.js');
        const { values, positionals } = parseCommand(DEV_COMMAND, rest);
        if (values.help) return help(io, DEV_COMMAND);
        return await runDev(values, positionals, io.out);
      }
      case 'call':
        return await (await import('./commands/call.js')).runCall(rest, io.out);
      case 'ops': {
        const { OPS_COMMAND, runOps } = await import('./commands/ops.js');
        const { values, positionals } = parseCommand(OPS_COMMAND, rest);
        if (values.help) return help(io, OPS_COMMAND);
        return runOps(values, positionals, io.out);
      }
      case 'listen': {
        const { LISTEN_COMMAND, runListen } = await import('./commands/listen.js');
        const { values, positionals } = parseCommand(LISTEN_COMMAND, rest);
        if (values.help) return help(io, LISTEN_COMMAND);
        return await runListen(values, positionals, io);
      }
      case 'snapshot': {
        const { SNAPSHOT_COMMAND, runSnapshot } = await import('./commands/snapshot.js');
        const { values, positionals } = parseCommand(SNAPSHOT_COMMAND, rest);
        if (values.help) return help(io, SNAPSHOT_COMMAND);
        return await runSnapshot(values, positionals, io.out);
      }
      case 'import': {
        const { IMPORT_COMMAND, runImport } = await import('./commands/import.js');
        const { values, positionals } = parseCommand(IMPORT_COMMAND, rest);
        if (values.help) return help(io, IMPORT_COMMAND);
        return await runImport(values, positionals, { err: io.err, stderr: process.stderr });
      }
      case 'reset': {
        const { RESET_COMMAND, runReset } = await import('./commands/snapshot.js');
        const { values, positionals } = parseCommand(RESET_COMMAND, rest);
        if (values.help) return help(io, RESET_COMMAND);
        return await runReset(values, positionals, io.out);
      }
      case 'help': {
        const spec =
          rest[0] !== undefined && Object.hasOwn(COMMANDS, rest[0]) ? COMMANDS[rest[0]] : undefined;
        if (rest[0] !== undefined && !spec) throw new UsageError(`unknown command "${rest[0]}"\n\n${HELP}`);
        return help(io, await spec?.());
      }
      case undefined:
      case '--help':
      case '-h':
        return help(io);
      case '--version':
      case '-v':
        io.out(VERSION);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"\n\n${HELP}`);
    }
  } catch (error) {
    // A missing required parameter is the caller's to fix, found before anything was sent.
    if (error instanceof UsageError || error instanceof RequiredError) {
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

function help(io: Io, spec?: CommandSpec): number {
  io.out(spec ? commandHelp(spec) : HELP);
  return 0;
}
