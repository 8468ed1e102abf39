// A reader that stops early (`castkit ops | head`) ends the command quietly instead of with an EPIPE
// stack trace. Most commands simply exit; one holding something to undo first (listen's webhook)
// registers how it stops.
let stopper: (() => void) | undefined;

/** While `stop` is registered, a closed output calls it instead of exiting at once. */
export function onOutputClosed(stop: (() => void) | undefined): void {
  stopper = stop;
}

export function outputClosed(): void {
  if (stopper) stopper();
  else process.exit(0);
}
