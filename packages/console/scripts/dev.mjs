#!/usr/bin/env node
// `npm run dev -w @castkit/console`: Vite with hot reload, proxying the APIs to an emulator started
// in this process — or to CASTKIT_URL (e.g. a running `castkit dev`, which also answers /_castkit/env).
import { register } from 'tsx/esm/api';
import { createServer } from 'vite';

const configFile = new URL('../vite.config.ts', import.meta.url).pathname;
let emulator;
if (!process.env.CASTKIT_URL) {
  register();
  const { startEmulator } = await import('@castkit/emulator');
  emulator = await startEmulator({ port: 0, db: ':memory:', seedSize: 'small' });
  process.env.CASTKIT_URL = emulator.url;
  process.env.CASTKIT_ENV_JSON = JSON.stringify({ environment: 'emulator', apiKey: emulator.apiKey });
  console.log(`emulator (in-process, :memory:) on ${emulator.url}`);
}
const server = await createServer({ configFile, server: { port: Number(process.env.PORT ?? 5173) } });
await server.listen();
server.printUrls();

const stop = async () => {
  await server.close();
  await emulator?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
