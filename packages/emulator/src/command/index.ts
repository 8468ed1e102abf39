// `@castkit/emulator/command`: the option parser and the emulator's flags, without the store, so a
// command that never starts an emulator (`castkit call`) does not load SQLite to read its argv.
export * from './args.js';
export { SERVE_OPTIONS } from './serve-options.js';
export { nearest } from './suggest.js';
