// Names of operation parameters as flags; the parser itself is the emulator's (one for every command).
export {
  type CommandSpec,
  commandHelp,
  integerOption,
  nearest,
  type OptionSpec,
  type OptionTable,
  type OptionValues,
  parseCommand,
  UsageError,
} from '@castkit/emulator/command';

/** The flag a parameter key is typed as: `viewerFid` → `viewer-fid`. */
export const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `--viewer-fid` for the parameter key `viewerFid`. */
export const flagName = (key: string) => `--${kebab(key)}`;

/** `viewer-fid`, `viewer_fid` and `viewerFid` all name the same parameter. */
export const normalizeName = (name: string) => name.replace(/[-_]/g, '').toLowerCase();
