export type ProgressFn = (phase: string, done: number, total: number) => void;

/** A one-line progress bar on stderr, redrawn at most once per percent. */
export function stderrProgress(): ProgressFn {
  let lastKey = '';
  return (phase, done, total) => {
    const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
    const key = `${phase}:${pct}`;
    if (key === lastKey) return;
    lastKey = key;
    const width = 30;
    const filled = Math.round((pct / 100) * width);
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    process.stderr.write(
      `\r  seeding [${bar}] ${String(pct).padStart(3)}% ${phase.padEnd(14)} ${done}/${total}   `,
    );
    if (done >= total) process.stderr.write('\n');
  };
}
