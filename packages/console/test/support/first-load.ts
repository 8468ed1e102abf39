// First-load JavaScript of a screen from a Vite build manifest: the entry chunk, the lazy chunks the
// screen's route loads, and everything those import statically, each gzipped once, with the source
// modules they hold.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { OperationSpec } from '@castkit/sdk';
import { allOperations } from '@castkit/sdk/2.x';

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, Chunk>;

export function firstLoadJs(distDir: string, lazySources: string[]) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build`);
    seen.add(key);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const key of [entry, ...lazySources]) visit(key);
  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const gzipBytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(distDir, f)), { level: 9 }).length,
    0,
  );
  // The source modules those files hold (buildConsole's modules.json), named by source path, not
  // by what the bundler called the chunks.
  const byFile: Record<string, string[]> = JSON.parse(
    readFileSync(join(distDir, '.vite/modules.json'), 'utf8'),
  );
  const modules = files.flatMap((f) => {
    const held = byFile[f];
    if (!held) throw new Error(`${f} is not an output of the build`);
    return held;
  });
  return { files, gzipBytes, modules };
}

/**
 * The entries of a table (2.44's unless another is given) a set of built files holds, found by each
 * entry's api, generation and id as emitted.
 */
export function operationsIn(
  distDir: string,
  files: string[],
  table: readonly OperationSpec[] = allOperations,
): OperationSpec[] {
  const text = files.map((f) => readFileSync(join(distDir, f), 'utf8')).join('\n');
  const q = '[`"\']';
  const generation = (op: OperationSpec) => (op.generation ? `generation:${op.generation},` : '');
  return table.filter((op) =>
    new RegExp(`api:${q}${op.api}${q},${generation(op)}id:${q}${op.id}${q}`).test(text),
  );
}
