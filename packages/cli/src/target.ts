// Which running castkit server a command talks to (`call`, `snapshot`, `reset`): one pair of flags,
// the same environment variables and the same default for all of them.
import type { OptionTable, OptionValues } from './args.js';

/**
 * Where `castkit dev` listens and `castkit call` looks, unless told otherwise: the port the READMEs and
 * the console's Vite proxy name, not the standalone emulator's 8787.
 */
export const DEFAULT_PORT = 3000;

export const TARGET_OPTIONS = {
  'base-url': {
    type: 'string',
    value: 'URL',
    description: `server to call (CASTKIT_URL, else http://localhost:${DEFAULT_PORT})`,
  },
  'api-key': { type: 'string', value: 'KEY', description: 'API key (CASTKIT_API_KEY, else castkit-dev-key)' },
} as const satisfies OptionTable;

export interface LocalTarget {
  /** Without a trailing slash. */
  baseUrl: string;
  apiKey: string;
}

export function localTarget(
  values: OptionValues<typeof TARGET_OPTIONS>,
  env: NodeJS.ProcessEnv,
): LocalTarget {
  const base = values['base-url'] || env.CASTKIT_URL || `http://localhost:${DEFAULT_PORT}`;
  return {
    baseUrl: base.replace(/\/+$/, ''),
    // The emulator's DEFAULT_API_KEY, spelled out: importing @castkit/emulator would load SQLite and
    // the protocol code on every command.
    apiKey: values['api-key'] || env.CASTKIT_API_KEY || 'castkit-dev-key',
  };
}

/** What a command says when nothing answers at its target: where it looked, why, and what to start. */
export function unreachable(baseUrl: string, error: unknown): Error {
  return new Error(`no castkit emulator answered at ${baseUrl} (${causeOf(error)}); is castkit dev running?`);
}

/** The system's code for a failed connection (ECONNREFUSED), else the error's message. */
function causeOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}
