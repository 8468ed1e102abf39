// Hub info, message submission and validation, and the event log.
import type { HubHandlers } from '../api/dispatch.js';
import { toHex } from '../ground/codec.js';
import { NotFoundError } from '../ground/errors.js';
import { checkMessage, submitMessage } from '../protocol/submit.js';
import { hubEventById, hubEventsFrom, latestHubEventId, messageCount } from '../store/queries/messages.js';
import { onChainEventCount, usernameProofCount } from '../store/queries/onchain.js';
import { nonNegative } from './common.js';
import { renderData, renderStored } from './render.js';
import { renderHubEvent } from './render-events.js';

/** Events per page; the spec gives /v1/events no page size, so every page is this long at most. */
const EVENTS_PAGE = 1000;

/** The binary body as the protocol code reads it (params.ts has checked it is non-empty octet-stream). */
const bytesOf = (body: Buffer) => new Uint8Array(body);

export const messageHandlers: HubHandlers = {
  lookupHubInfo({ store, params }) {
    const top = latestHubEventId(store);
    return {
      version: '2.35.0',
      isSyncing: false,
      nickname: 'castkit-emulator',
      rootHash: toHex(Buffer.from(String(top ?? 0).padStart(20, '0'))),
      peerId: 'castkit-emulator',
      hubOperatorFid: 1,
      ...(params.dbstats
        ? {
            dbStats: {
              numMessages: messageCount(store),
              numFidEvents: onChainEventCount(store),
              numFnameEvents: usernameProofCount(store),
            },
          }
        : {}),
    };
  },

  async publishMessage({ store, params }) {
    const result = await submitMessage(store, bytesOf(params.body));
    return renderStored(store, result.hash);
  },

  async validateMessage({ store, params }) {
    const m = await checkMessage(store, bytesOf(params.body));
    return {
      valid: true,
      message: {
        data: renderData(m.data),
        hash: toHex(m.hash),
        hashScheme: 'HASH_SCHEME_BLAKE3',
        signature: Buffer.from(m.signature).toString('base64'),
        signatureScheme: 'SIGNATURE_SCHEME_ED25519',
        signer: toHex(m.signer),
      },
    };
  },

  fetchEvents({ store, params }) {
    const from = nonNegative(params.from_event_id, 'from_event_id') ?? 0;
    const rows = hubEventsFrom(store, from, EVENTS_PAGE, 'hub');
    const last = rows[rows.length - 1];
    return {
      nextPageEventId: last ? last.id + 1 : from,
      events: rows.map((r) => renderHubEvent(store, r)),
    };
  },

  lookupEvent({ store, params }) {
    const id = nonNegative(params.event_id, 'event_id');
    const row = hubEventById(store, id);
    if (!row || row.trade_id !== null) throw new NotFoundError(`event ${id} not found`, 'event_id');
    return renderHubEvent(store, row);
  },
};
