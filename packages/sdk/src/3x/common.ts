// What both entries of the 3.x surface export (the generation-neutral part and 3.x's tables, types,
// enums and events); the entries add clients wired to their platform's transport.
import type { DeveloperManagedSigner, Signer } from '../generated/api3/types.js';
import * as flows from '../signers/register-signed-key.js';
import type { SignedKeyRequestOptions } from '../signers/signed-key-request.js';

export * from '../generated/api3/operations.js';
export type * from '../generated/api3/types.js';
// Enums are values and types; operation entries are exported one by one so bundles keep only those used.
export * from '../generated/enums3.js';
export * from '../generated/hub3/operations.js';
export type * as Hub from '../generated/hub3/types.js';
export * from '../neutral.js';
export { type Api3PagedOperation, DEFAULT_API_BASE_URL } from './api-client.js';
export { DEFAULT_HUB_BASE_URL, type Hub3PagedOperation } from './hub-client.js';
export { allOperations } from './operations.js';
export type * from './webhook-events.js';
export { parseWebhookEvent } from './webhook-events.js';

/** The four operations the signer flows send, as 3.x's types name them. */
type FlowOperations = flows.FlowApi<Signer, DeveloperManagedSigner>;

/**
 * Creates a signer, signs its key request with the app's custody account and registers it:
 * resolves to the signer, pending the user's approval at `signer_approval_url`.
 */
export const createSignerAndRegisterSignedKey: (
  api: FlowOperations,
  params: SignedKeyRequestOptions,
  options?: flows.FlowCallOptions,
) => Promise<Signer> = flows.createSignerAndRegisterSignedKey;

/**
 * Signs the key request for a key the developer holds (`publicKey`) with the app's custody account
 * and registers it: resolves to the developer managed signer, pending the user's approval.
 */
export const signAndRegisterSignedKeyForDeveloperManagedSigner: (
  api: FlowOperations,
  params: SignedKeyRequestOptions & { publicKey: string },
  options?: flows.FlowCallOptions,
) => Promise<DeveloperManagedSigner> = flows.signAndRegisterSignedKeyForDeveloperManagedSigner;
