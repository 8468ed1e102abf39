// Copies the console's vite build into dist/console, where the built CLI serves it from.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../../console/dist', import.meta.url));
const to = fileURLToPath(new URL('../dist/console', import.meta.url));
if (!existsSync(`${from}/index.html`)) {
  console.error(
    `copy-console: ${from} has no index.html; build the console first (npm run build -w @castkit/console)`,
  );
  process.exit(1);
}
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
