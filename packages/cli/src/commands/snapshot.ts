// `castkit snapshot save|restore|list|delete <name>` and `castkit reset`: the harness's marks on a
// running emulator (`castkit dev` or castkit-emulator), through its /_emulator routes.
import type { ControlAnswer, ControlCallArgs, JsonRoute, RestoreReport } from '@castkit/emulator/control';
import { type CommandSpec, type OptionValues, UsageError } from '../args.js';
import { type LocalTarget, localTarget, TARGET_OPTIONS } from '../target.js';
import { withControl } from './control.js';
import { runSnapshotExport, runSnapshotImport } from './snapshot-file.js';

export const SNAPSHOT_COMMAND = {
  name: 'castkit snapshot',
  positionals: 'save|restore|delete <name> | list | export [<name>] <file> | import <file> [<name>]',
  summary:
    'Marks the state of a running emulator under a name and returns to it later, in time proportional to\n' +
    'what was written since. Restoring a snapshot drops those taken after it. export writes a snapshot\n' +
    '(without a name, the current state) to a new portable file; import loads such a file into a running\n' +
    'emulator, in another project too: it replaces the data, reset returns to it, snapshots are dropped,\n' +
    'and with a name it is saved as that snapshot. A file of a newer castkit or no castkit snapshot is refused.',
  options: TARGET_OPTIONS,
  notes: [
    'castkit snapshot save before-test; ...; castkit snapshot restore before-test',
    'castkit snapshot export before-test team.castkit.db; castkit snapshot import team.castkit.db shared',
    'Names: letters, digits, . _ - (up to 64). castkit reset returns to the seed.',
  ],
} satisfies CommandSpec;

export const RESET_COMMAND = {
  name: 'castkit reset',
  summary:
    'Returns a running emulator to its seed (or to what it was started with --import), whatever was\n' +
    'written since; snapshots are dropped.',
  options: TARGET_OPTIONS,
} satisfies CommandSpec;

type TargetValues = OptionValues<typeof TARGET_OPTIONS>;

export async function runSnapshot(
  values: TargetValues,
  positionals: string[],
  out: (s: string) => void,
): Promise<number> {
  const [action, name, ...extra] = positionals;
  if (action === 'export')
    return runSnapshotExport(positionals.slice(1), localTarget(values, process.env), out);
  if (action === 'import')
    return runSnapshotImport(positionals.slice(1), localTarget(values, process.env), out);
  const needsName = action === 'save' || action === 'restore' || action === 'delete';
  if (!needsName && action !== 'list')
    throw new UsageError(
      `castkit snapshot: ${action === undefined ? 'say what to do' : `unknown action "${action}"`}: save, restore, delete <name>, list, export or import`,
    );
  if (needsName && name === undefined) throw new UsageError(`castkit snapshot ${action} needs a <name>`);
  const surplus = needsName ? extra : [name, ...extra].filter((a) => a !== undefined);
  if (surplus.length) throw new UsageError(`castkit snapshot ${action}: unexpected argument "${surplus[0]}"`);
  const target = localTarget(values, process.env);
  switch (action) {
    case 'save':
      await emulatorCall(target, 'POST /_emulator/snapshots', { body: { name: name ?? '' } });
      out(`saved snapshot ${name}`);
      return 0;
    case 'restore':
      out(
        restoredLine(
          await emulatorCall(target, 'POST /_emulator/snapshots/:name/restore', {
            params: { name: name ?? '' },
          }),
        ),
      );
      return 0;
    case 'delete':
      await emulatorCall(target, 'DELETE /_emulator/snapshots/:name', { params: { name: name ?? '' } });
      out(`deleted snapshot ${name}`);
      return 0;
    default: {
      const { snapshots } = await emulatorCall(target, 'GET /_emulator/snapshots');
      if (!snapshots.length) out('no snapshots');
      const width = Math.max(0, ...snapshots.map((s) => s.name.length)) + 2;
      for (const s of snapshots) out(`${s.name.padEnd(width)}${new Date(s.createdAt).toISOString()}`);
      return 0;
    }
  }
}

export async function runReset(
  values: TargetValues,
  positionals: string[],
  out: (s: string) => void,
): Promise<number> {
  if (positionals.length) throw new UsageError(`castkit reset takes no arguments, got "${positionals[0]}"`);
  const report = await emulatorCall(localTarget(values, process.env), 'POST /_emulator/reset');
  out(restoredLine({ ...report, name: 'the seed' }));
  return 0;
}

function restoredLine(r: Omit<RestoreReport, 'status'>): string {
  const dropped = r.dropped.length ? `; dropped ${r.dropped.join(', ')}` : '';
  return `restored ${r.name}: ${r.rows} rows in ${r.ms} ms${dropped}`;
}

/** One /_emulator call through the typed client, its errors as the CLI reports them (control.ts). */
function emulatorCall<R extends JsonRoute>(
  target: LocalTarget,
  route: R,
  ...request: ControlCallArgs<R>
): Promise<ControlAnswer<R>> {
  return withControl(target, (control) => control.call(route, ...request), { timeoutMs: 30_000 });
}
