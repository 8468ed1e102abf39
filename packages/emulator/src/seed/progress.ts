export type ProgressFn = (phase: string, done: number, total: number) => void;

/** A one-line progress bar on stderr, redrawn at most once per percent. */
export function stderrProgress(): ProgressFn {
  let lastKey = '';
  // Redrawing in place only works on a terminal; a log file gets a line per phase and 25%.
  const tty = process.stderr.isTTY === true;
  return (phase, done, total) => {
    const exact = total === 0 ? 100 : Math.floor((done / total) * 100);
    const pct = tty ? exact : exact - (exact % 25);
    const key = `${phase}:${pct}`;
    if (key === lastKey) return;
    lastKey = key;
    const width = 30;
    const filled = Math.round((pct / 100) * width);
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    const line = `  seeding [${bar}] ${String(pct).padStart(3)}% ${phase.padEnd(14)} ${done}/${total}   `;
    if (!tty) process.stderr.write(`${line.trimEnd()}\n`);
    else {
      process.stderr.write(`\r${line}`);
      if (done >= total) process.stderr.write('\n');
    }
  };
}
