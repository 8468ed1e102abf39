import { readFileSync } from 'node:fs';
import { BaseSequencer } from 'vitest/node';

// With `isolate: false` vitest hands a finished worker the next file only when that file wants the
// same environment; otherwise it stops the worker and starts another, which imports every module
// again and loses the seeded images the last one kept. Ordered by duration alone, the console's jsdom
// files fell between node files: 22 worker processes a run instead of 4, ~60 s more CPU. So files run
// grouped by environment, each group in vitest's own order (failed first, then slowest first).

/** The environment a test file runs in, read the way vitest reads it (anywhere in the file). */
export function environmentOf(source, fallback = 'node') {
  return /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(source)?.[1] ?? fallback;
}

/** Files of the default environment first, then each other environment in order of first appearance. */
export function groupByEnvironment(files, environmentOfFile, fallback = 'node') {
  const groups = new Map([[fallback, []]]);
  for (const file of files) {
    const env = environmentOfFile(file);
    if (!groups.has(env)) groups.set(env, []);
    groups.get(env).push(file);
  }
  return [...groups.values()].flat();
}

export default class EnvironmentSequencer extends BaseSequencer {
  async sort(files) {
    const ordered = await super.sort(files);
    const fallback = this.ctx.config.environment || 'node';
    const read = (spec) => environmentOf(readFileSync(spec.moduleId, 'utf8'), fallback);
    return groupByEnvironment(ordered, read, fallback);
  }
}
