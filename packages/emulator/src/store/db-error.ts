/** Why a database file cannot be used: what `DatabaseOpenError.problem` holds. */
export type DatabaseProblem = 'in_use' | 'read_only' | 'corrupt' | 'unusable';

/** The process that holds a database file, as it described itself when it claimed the file. */
export interface DatabaseOwner {
  pid: number;
  /** Its command line, when it recorded one. */
  command?: string;
}

/**
 * A database file the emulator refuses to start on. The message is one line that names the file
 * and says what to do, fit to print as is: the CLI shows it alone, without a stack.
 */
export class DatabaseOpenError extends Error {
  constructor(
    readonly path: string,
    readonly problem: DatabaseProblem,
    message: string,
    readonly owner?: DatabaseOwner,
  ) {
    super(message);
    this.name = 'DatabaseOpenError';
  }
}
