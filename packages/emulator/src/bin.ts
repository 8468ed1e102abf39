// The castkit-emulator process: usage errors exit 2, anything else that stops it exits 1.
import { main } from './cli.js';
import { UsageError } from './command/args.js';

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(e instanceof UsageError ? 2 : 1);
});
