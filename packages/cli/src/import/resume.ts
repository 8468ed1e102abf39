// Where an interrupted import left off: a small JSON file beside the target (the --db file, else
// the working directory's .castkit folder), naming the plan it belongs to and the users whose
// casts, replies and reactions are written. Written after each user; removed when the import ends.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

interface State {
  plan: string;
  graph: boolean;
  done: number[];
}

export class ResumeState {
  private state: State;

  constructor(
    readonly file: string,
    private readonly plan: string,
  ) {
    this.state = { plan, graph: false, done: [] };
    const found = read(file);
    if (found && found.plan === plan) this.state = found;
  }

  /** The users done in an earlier, interrupted run. */
  get resumed(): number {
    return this.state.done.length;
  }

  get graphDone(): boolean {
    return this.state.graph;
  }

  isDone(fid: number): boolean {
    return this.state.done.includes(fid);
  }

  markGraph(): void {
    this.state.graph = true;
    this.save();
  }

  markDone(fid: number): void {
    this.state.done.push(fid);
    this.save();
  }

  finish(): void {
    rmSync(this.file, { force: true });
  }

  private save(): void {
    mkdirSync(dirname(this.file), { recursive: true });
    // Renamed into place: an interrupt while writing leaves the previous state, never half a file.
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.state));
    renameSync(`${this.file}.tmp`, this.file);
  }
}

/** The default state file of a plan: beside the --db file, else under ./.castkit. */
export function stateFile(plan: string, db: string | undefined, cwd: string): string {
  if (db !== undefined) return `${resolve(cwd, db)}.import.json`;
  const id = createHash('sha256').update(plan).digest('hex').slice(0, 12);
  return join(cwd, '.castkit', `import-${id}.json`);
}

function read(file: string): State | undefined {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const plan = 'plan' in json ? json.plan : undefined;
  const graph = 'graph' in json ? json.graph : undefined;
  const done = 'done' in json ? json.done : undefined;
  if (typeof plan !== 'string' || typeof graph !== 'boolean' || !Array.isArray(done)) return undefined;
  return { plan, graph, done: done.filter((d): d is number => typeof d === 'number') };
}
