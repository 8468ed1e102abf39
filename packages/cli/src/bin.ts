// The process around `main`: its exit code, and a reader that stops early (`castkit ops | head`)
// ends the command quietly instead of with an EPIPE stack trace.
import { main } from './main.js';
import { outputClosed } from './output-closed.js';

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return outputClosed();
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2));
