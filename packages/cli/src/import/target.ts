// Where `castkit import` writes: the running emulator at --base-url, or a database file (--db) that
// an emulator started in this process opens for the import's length (empty when the file is new),
// so both go through the same control and the same write path.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ControlClient, ControlError, createControlClient } from '@castkit/emulator/control';
import type { OptionValues } from '../args.js';
import { localTarget, type TARGET_OPTIONS, unreachable } from '../target.js';

export interface ImportTarget {
  control: ControlClient;
  close(): Promise<void>;
}

/** A slice of a large account is written in well under this; a stuck target is an error. */
const WRITE_TIMEOUT_MS = 300_000;

export async function openTarget(
  values: OptionValues<typeof TARGET_OPTIONS> & { db?: string },
  env: NodeJS.ProcessEnv,
): Promise<ImportTarget> {
  if (values.db !== undefined) {
    const db = resolve(values.db);
    const { startEmulator } = await import('@castkit/emulator');
    const emulator = await startEmulator({
      db,
      ...(existsSync(db) ? {} : { seedSize: 'none' as const }),
      port: 0,
    });
    return {
      control: createControlClient({
        baseUrl: emulator.url,
        apiKey: emulator.apiKey,
        timeoutMs: WRITE_TIMEOUT_MS,
      }),
      close: () => emulator.close(),
    };
  }
  const target = localTarget(values, env);
  const control = createControlClient({ ...target, timeoutMs: WRITE_TIMEOUT_MS });
  try {
    await control.call('GET /_emulator/health');
  } catch (error) {
    if (error instanceof ControlError)
      throw new Error(`${target.baseUrl} is no castkit emulator: ${error.message}`);
    throw unreachable(target.baseUrl, error);
  }
  return { control, close: async () => {} };
}
