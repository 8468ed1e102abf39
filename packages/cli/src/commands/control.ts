// One way the CLI's commands reach a running emulator's /_emulator controls: the typed client, with
// its errors told apart. A 400 refuses what was typed (a snapshot name, a file that is no castkit
// snapshot): a usage error (exit code 2) with the emulator's reason. Any other error answer, or an
// answer of another shape, is an Error (exit code 1); no answer at all says no emulator is there.
import { type ControlClient, ControlError, createControlClient } from '@castkit/emulator/control';
import { UsageError } from '../args.js';
import { type LocalTarget, unreachable } from '../target.js';

export async function withControl<T>(
  target: LocalTarget,
  run: (control: ControlClient) => Promise<T>,
  options: { timeoutMs?: number; about?: string } = {},
): Promise<T> {
  const control = createControlClient({ ...target, timeoutMs: options.timeoutMs });
  const about = options.about ?? '';
  try {
    return await run(control);
  } catch (error) {
    if (!(error instanceof ControlError)) throw unreachable(target.baseUrl, error);
    if (error.reason === 'status' && error.status === 400) throw new UsageError(`${about}${error.message}`);
    throw new Error(error.reason === 'status' ? `${error.status}: ${about}${error.message}` : error.message);
  }
}
