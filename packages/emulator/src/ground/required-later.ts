// What the emulator needs for some requests only, made or loaded at its first use instead of with
// the emulator: its cost is paid by the process that uses it, not by every start.
import { createRequire } from 'node:module';

/** `require` from the emulator's own files, for what they load when first needed. */
export const emulatorRequire = createRequire(import.meta.url);

/** `make`'s value, made on the first call and the same on every later one. */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** A CommonJS package's exports, required on the first call. */
export const requiredLater = <Exports>(specifier: string): (() => Exports) =>
  onFirstUse((): Exports => emulatorRequire(specifier));
