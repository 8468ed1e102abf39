// Hub on-chain reads: a custody address's registration, a fid's events by type, its active signers.
import type { HubHandlers } from '../api/dispatch.js';
import { NotFoundError } from '../ground/errors.js';
import {
  activeSignerAddEvents,
  latestIdRegisterByAddress,
  onChainEventsByFid,
} from '../store/queries/onchain.js';
import { hexParam, requiredSpelling } from './common.js';
import { renderOnChainEvent, renderOnChainEventAs } from './render-events.js';

const EVENT_TYPE: Record<string, number> = {
  EVENT_TYPE_SIGNER: 1,
  EVENT_TYPE_SIGNER_MIGRATED: 2,
  EVENT_TYPE_ID_REGISTER: 3,
  EVENT_TYPE_STORAGE_RENT: 4,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
};

export const onChainHandlers: HubHandlers = {
  lookupOnChainIdRegistryEventByAddress({ store, params }) {
    const address = params.address.toLowerCase();
    const row = latestIdRegisterByAddress(store, address);
    if (!row) throw new NotFoundError(`no id registration for ${address}`, 'address');
    return renderOnChainEventAs(row, 'idRegisterEventBody');
  },

  fetchUserOnChainEvents({ store, params }) {
    const { fid } = params;
    const type = requiredSpelling(params.event_type, 'event_type', EVENT_TYPE);
    return { events: onChainEventsByFid(store, fid, type).map(renderOnChainEvent) };
  },

  fetchUserOnChainSignersEvents({ store, params }) {
    const { fid } = params;
    const signer = hexParam(params.signer, 'signer', 32);
    // Active keys only, each with the event that added it, as a hub reports them.
    const rows = activeSignerAddEvents(store, fid);
    if (signer) {
      // With a signer a hub answers that one event rather than a list.
      const row = rows.filter((r) => r.address === signer).pop();
      if (!row) throw new NotFoundError(`signer ${signer} is not active for fid ${fid}`, 'signer');
      return renderOnChainEventAs(row, 'signerEventBody');
    }
    return { events: rows.map((r) => renderOnChainEventAs(r, 'signerEventBody')) };
  },
};
