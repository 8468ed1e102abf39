import type { Vite } from 'vitest/node';

export function sourceFileSet(root: string, tops: string[]): string;
export function sourceFileSetKey(root: string, tops: string[]): Vite.Plugin;
