// `@castkit/emulator/cassette`: recording and replaying HTTP exchanges (castkit dev --record and
// --replay, startReplayEmulator in the test kit), without the store, so the recording proxy does not
// load SQLite.
export * from './format.js';
export { CASSETTE_PROPERTY, type Cassette, parseCassette, readCassette } from './read.js';
export { CassetteRecorder, REDACTED, type SeenExchange } from './recorder.js';
export { describeRequest, matchKey, type ReplayRequest, Tape } from './tape.js';
