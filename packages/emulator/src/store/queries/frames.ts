// The developer's page frames (publishNeynarFrame), frame actions recorded for analytics, and pay
// frames. Pages and pay-frame bodies are stored as the JSON the API answers with.
import type { Store } from '../store.js';

export interface NeynarFrameRow {
  uuid: string;
  name: string;
  pages: string;
  created_at: number;
  updated_at: number;
}

export function insertNeynarFrame(
  store: Store,
  uuid: string,
  name: string,
  pages: string,
  now: number,
): void {
  store
    .stmt('INSERT INTO neynar_frames (uuid, name, pages, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(uuid, name, pages, now, now);
}

export function updateNeynarFrameRow(
  store: Store,
  uuid: string,
  name: string,
  pages: string,
  now: number,
): void {
  store
    .stmt('UPDATE neynar_frames SET name = ?, pages = ?, updated_at = ? WHERE uuid = ?')
    .run(name, pages, now, uuid);
}

export function neynarFrameByUuid(store: Store, uuid: string): NeynarFrameRow | undefined {
  return store.stmt('SELECT * FROM neynar_frames WHERE uuid = ?').get(uuid) as NeynarFrameRow | undefined;
}

export function deleteNeynarFrameRow(store: Store, uuid: string): boolean {
  return store.stmt('DELETE FROM neynar_frames WHERE uuid = ?').run(uuid).changes > 0;
}

export function allNeynarFrames(store: Store): NeynarFrameRow[] {
  return store.stmt('SELECT * FROM neynar_frames ORDER BY created_at, uuid').all() as NeynarFrameRow[];
}

// ---- recorded actions -------------------------------------------------------------------------------

export interface FrameActionRow {
  frame_url: string;
  fid: number;
  cast_hash: string | null;
  cast_fid: number | null;
  button_index: number;
  input_text: string | null;
  ts: number;
}

export function recordFrameAction(store: Store, a: FrameActionRow): void {
  store
    .stmt(
      `INSERT INTO frame_actions (frame_url, fid, cast_hash, cast_fid, button_index, input_text, ts)
        VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(a.frame_url, a.fid, a.cast_hash, a.cast_fid, a.button_index, a.input_text, a.ts);
}

/** Every frame URL an action was validated for, first seen first. */
export function validatedFrameUrls(store: Store): string[] {
  return store
    .stmt('SELECT frame_url FROM frame_actions GROUP BY frame_url ORDER BY MIN(id)')
    .pluck()
    .all() as string[];
}

/** Actions on `url` in [start, stop), oldest first. */
export function frameActionsBetween(
  store: Store,
  url: string,
  start: number,
  stop: number,
): FrameActionRow[] {
  return store
    .stmt(
      `SELECT frame_url, fid, cast_hash, cast_fid, button_index, input_text, ts FROM frame_actions
        WHERE frame_url = ? AND ts >= ? AND ts < ? ORDER BY ts, id`,
    )
    .all(url, start, stop) as FrameActionRow[];
}

// ---- pay frames ---------------------------------------------------------------------------------------

export function insertPayFrame(
  store: Store,
  id: string,
  body: string,
  idem: string | null,
  now: number,
): void {
  store
    .stmt('INSERT INTO pay_frames (id, body, idem, created_at) VALUES (?, ?, ?, ?)')
    .run(id, body, idem, now);
}

export function payFrameBody(store: Store, id: string): string | undefined {
  return store.stmt('SELECT body FROM pay_frames WHERE id = ?').pluck().get(id) as string | undefined;
}

export function payFrameByIdem(store: Store, idem: string): string | undefined {
  return store.stmt('SELECT body FROM pay_frames WHERE idem = ?').pluck().get(idem) as string | undefined;
}
