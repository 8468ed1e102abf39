// What a test worker keeps for all its files (a browser, an emulator process) is stopped by exit
// handlers. vitest ends a worker with SIGTERM and SIGKILLs it 500 ms later; SIGTERM's default skips
// the exit handlers, and a graceful close takes longer than that under load, so SIGTERM exits at once.
let installed = false;

/** Makes SIGTERM exit the worker through its exit handlers; once per process, whoever asks first. */
export function exitOnSigterm(): void {
  if (installed) return;
  installed = true;
  process.once('SIGTERM', () => process.exit(143));
}
