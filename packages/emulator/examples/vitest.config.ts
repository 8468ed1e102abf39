import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['vitest.example.ts'], testTimeout: 20_000 } });
