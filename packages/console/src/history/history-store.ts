// Recent requests, kept in this browser only (localStorage), newest first, capped.
import type { Generation } from '../api/generation';
import type { FormValues } from '../explorer/form-model';

export interface HistoryEntry {
  id: string;
  at: number;
  op: string;
  /** The SDK generation the request was sent as; absent (entries kept before) means 2.44. */
  api?: Generation;
  in: FormValues;
  raw?: string;
  /** HTTP status, or undefined when the request never got an answer. */
  status?: number;
  ms: number;
}

const KEY = 'castkit.console.history';
const MAX = 50;

export function readHistory(storage: Storage = localStorage): HistoryEntry[] {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

export function addHistory(entry: Omit<HistoryEntry, 'id'>, storage: Storage = localStorage): HistoryEntry[] {
  const next = [
    { ...entry, id: `${entry.at}-${Math.random().toString(36).slice(2, 8)}` },
    ...readHistory(storage),
  ].slice(0, MAX);
  try {
    storage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Quota exceeded or storage disabled: history is a convenience, the request already happened.
  }
  return next;
}

export function clearHistory(storage: Storage = localStorage): HistoryEntry[] {
  storage.removeItem(KEY);
  return [];
}
