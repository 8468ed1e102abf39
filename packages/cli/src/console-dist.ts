// Where the console's built pages are: next to the compiled CLI (dist/console, copied at build), or,
// running from this repo's sources, the console package's own build.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDistDir } from '@castkit/console';

export function consoleDistDir(): string {
  const bundled = fileURLToPath(new URL('./console', import.meta.url));
  return existsSync(join(bundled, 'index.html')) ? bundled : defaultDistDir();
}
