// The developer's page frames (publishNeynarFrame), frame actions recorded for analytics, and pay
// frames. Pages and pay-frame bodies are stored as the JSON the API answers with.

import type { NeynarFramePage, TransactionFramePay } from '@castkit/sdk/2.x';
import { column, type Json, rows, write } from '../statements.js';
import type { Store } from '../store.js';

export interface NeynarFrameRow {
  uuid: string;
  name: string;
  pages: Json<NeynarFramePage[]>;
  created_at: number;
  updated_at: number;
}

const INSERT_NEYNAR_FRAME = write<
  [uuid: string, name: string, pages: Json<NeynarFramePage[]>, createdAt: number, updatedAt: number]
>('INSERT INTO neynar_frames (uuid, name, pages, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');

export function insertNeynarFrame(
  store: Store,
  uuid: string,
  name: string,
  pages: Json<NeynarFramePage[]>,
  now: number,
): void {
  INSERT_NEYNAR_FRAME.run(store, uuid, name, pages, now, now);
}

const UPDATE_NEYNAR_FRAME_ROW = write<
  [name: string, pages: Json<NeynarFramePage[]>, now: number, uuid: string]
>('UPDATE neynar_frames SET name = ?, pages = ?, updated_at = ? WHERE uuid = ?');

export function updateNeynarFrameRow(
  store: Store,
  uuid: string,
  name: string,
  pages: Json<NeynarFramePage[]>,
  now: number,
): void {
  UPDATE_NEYNAR_FRAME_ROW.run(store, name, pages, now, uuid);
}

const NEYNAR_FRAME_BY_UUID = rows<[uuid: string], NeynarFrameRow>(
  'SELECT * FROM neynar_frames WHERE uuid = ?',
);

export function neynarFrameByUuid(store: Store, uuid: string): NeynarFrameRow | undefined {
  return NEYNAR_FRAME_BY_UUID.get(store, uuid);
}

const DELETE_NEYNAR_FRAME_ROW = write<[uuid: string]>('DELETE FROM neynar_frames WHERE uuid = ?');

export function deleteNeynarFrameRow(store: Store, uuid: string): boolean {
  return DELETE_NEYNAR_FRAME_ROW.run(store, uuid).changes > 0;
}

const ALL_NEYNAR_FRAMES = rows<[], NeynarFrameRow>('SELECT * FROM neynar_frames ORDER BY created_at, uuid');

export function allNeynarFrames(store: Store): NeynarFrameRow[] {
  return ALL_NEYNAR_FRAMES.all(store);
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

const RECORD_FRAME_ACTION = write<
  [
    frame_url: string,
    fid: number,
    cast_hash: string | null,
    cast_fid: number | null,
    button_index: number,
    input_text: string | null,
    ts: number,
  ]
>(`INSERT INTO frame_actions (frame_url, fid, cast_hash, cast_fid, button_index, input_text, ts)
        VALUES (?, ?, ?, ?, ?, ?, ?)`);

export function recordFrameAction(store: Store, a: FrameActionRow): void {
  RECORD_FRAME_ACTION.run(
    store,
    a.frame_url,
    a.fid,
    a.cast_hash,
    a.cast_fid,
    a.button_index,
    a.input_text,
    a.ts,
  );
}

const VALIDATED_FRAME_URLS = column<[], string>(
  'SELECT frame_url FROM frame_actions GROUP BY frame_url ORDER BY MIN(id)',
);

/** Every frame URL an action was validated for, first seen first. */
export function validatedFrameUrls(store: Store): string[] {
  return VALIDATED_FRAME_URLS.all(store);
}

const FRAME_ACTIONS_BETWEEN = rows<
  [url: string, start: number, stop: number],
  FrameActionRow
>(`SELECT frame_url, fid, cast_hash, cast_fid, button_index, input_text, ts FROM frame_actions
        WHERE frame_url = ? AND ts >= ? AND ts < ? ORDER BY ts, id`);

/** Actions on `url` in [start, stop), oldest first. */
export function frameActionsBetween(
  store: Store,
  url: string,
  start: number,
  stop: number,
): FrameActionRow[] {
  return FRAME_ACTIONS_BETWEEN.all(store, url, start, stop);
}

/** A transaction pay frame as kept: the answer without its URL, which follows the serving origin. */
export type StoredPayFrame = Omit<TransactionFramePay, 'url'>;

const INSERT_PAY_FRAME = write<[id: string, body: Json<StoredPayFrame>, idem: string | null, now: number]>(
  'INSERT INTO pay_frames (id, body, idem, created_at) VALUES (?, ?, ?, ?)',
);

// ---- pay frames ---------------------------------------------------------------------------------------

export function insertPayFrame(
  store: Store,
  id: string,
  body: Json<StoredPayFrame>,
  idem: string | null,
  now: number,
): void {
  INSERT_PAY_FRAME.run(store, id, body, idem, now);
}

const PAY_FRAME_BODY = column<[id: string], Json<StoredPayFrame>>('SELECT body FROM pay_frames WHERE id = ?');

export function payFrameBody(store: Store, id: string): Json<StoredPayFrame> | undefined {
  return PAY_FRAME_BODY.get(store, id);
}

const PAY_FRAME_BY_IDEM = column<[idem: string], Json<StoredPayFrame>>(
  'SELECT body FROM pay_frames WHERE idem = ?',
);

export function payFrameByIdem(store: Store, idem: string): Json<StoredPayFrame> | undefined {
  return PAY_FRAME_BY_IDEM.get(store, idem);
}
