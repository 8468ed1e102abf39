// Developer-managed auth addresses: an app registers an Ethereum address with a signed key request
// from its custody address (the key signed is the address, left-padded to 32 bytes); a user approves
// it at the URL handed out, which adds it on chain to their keys; lookup tells where it stands.
import type { V2Handlers } from '../../api/dispatch.js';
import { mustAuthAddress, registerAuthAddress } from '../../domain/auth-addresses.js';
import { ValidationError } from '../../ground/errors.js';
import type { AuthAddressRow } from '../../store/queries/auth-addresses.js';
import { verifySignedKeyRequest } from './signers.js';
import { EVM_ADDRESS } from './social-common.js';

export const authAddressApprovalPath = (address: string) => `/_emulator/auth-address/${address}/approve`;

function body(row: AuthAddressRow, origin: string) {
  return {
    address: row.address,
    status: row.status,
    ...(row.fid === null ? {} : { fid: row.fid }),
    ...(row.status === 'pending_approval'
      ? { auth_address_approval_url: `${origin}${authAddressApprovalPath(row.address)}` }
      : {}),
  };
}

const address = (value: string, property: string): string => {
  if (!EVM_ADDRESS.test(value))
    throw new ValidationError(`${property} must be a 0x-prefixed 20-byte hex address`, property);
  return value.toLowerCase();
};

export const authAddressHandlers: V2Handlers = {
  lookupDeveloperManagedAuthAddress({ store, params, origin }) {
    return body(mustAuthAddress(store, address(params.address, 'address')), origin);
  },

  async registerSignedKeyForDeveloperManagedAuthAddress({ store, params, origin }) {
    const addr = address(params.address, 'address');
    await verifySignedKeyRequest(store, params, `0x${addr.slice(2).padStart(64, '0')}`);
    const row = registerAuthAddress(store, {
      address: addr,
      appFid: params.app_fid,
      deadline: params.deadline,
      redirectUrl: params.redirect_url,
    });
    return body(row, origin);
  },
};
