// Compile-time test of the generated handler contract (not run; `npm test`'s tsc checks it): every
// `@ts-expect-error` line must really be an error, so if the contract stopped catching misspelt
// parameters or wrong answers, tsc would fail on the unused directive. Each case is its own table
// (TypeScript reports one error per object literal), and the handlers without a directive show
// that right ones still compile.
import type { Api3OperationTypes } from '@castkit/sdk';
import type { HubHandlers, V2Handlers } from '../src/api/dispatch.js';

export const misspeltQueryParam: V2Handlers = {
  fetchBulkUsers(call) {
    // @ts-expect-error the parameter is viewer_fid, not viewerFid
    call.params.viewerFid;
    const viewer: number | undefined = call.params.viewer_fid;
    return { users: viewer === undefined ? [] : [] };
  },
};

export const wrongParamType: V2Handlers = {
  fetchBulkUsers(call) {
    // @ts-expect-error fids arrive as numbers
    const names: string[] = call.params.fids;
    const fids: number[] = call.params.fids;
    return { users: names.length + fids.length ? [] : [] };
  },
};

export const misspeltBodyField: V2Handlers = {
  async publishCast(call) {
    // @ts-expect-error body fields keep their spec names too: signer_uuid
    call.params.signerUuid;
    const urls = call.params.embeds?.map((e) => ('url' in e ? e.url : '')) ?? [];
    return { success: true, cast: { hash: urls.join(), author: { fid: 1 }, text: call.params.signer_uuid } };
  },
};

export const wrongResponseShape: V2Handlers = {
  // @ts-expect-error UserResponse has `user`, a User, not a string
  lookupUserByUsername() {
    return { user: 'alice' };
  },
};

export const wrongAsyncResponse: V2Handlers = {
  // @ts-expect-error success must be a boolean
  async deleteCast() {
    return { success: 'yes' };
  },
};

export const enumOutsideTheSpec: V2Handlers = {
  fetchCastMetrics(call) {
    // @ts-expect-error interval is one of the spec's values
    const interval: '2d' | undefined = call.params.interval;
    return { metrics: interval ? [] : [] };
  },
};

export const unknownOperation: V2Handlers = {
  // @ts-expect-error no operation is called fetchEverything
  fetchEverything() {
    return {};
  },
};

export const misspeltHubParam: HubHandlers = {
  fetchUsersCasts(call) {
    // @ts-expect-error hub paging is pageSize
    call.params.page_size;
    return { messages: [], nextPageToken: String(call.params.pageSize) };
  },
};

export const hubPageWithoutToken: HubHandlers = {
  // @ts-expect-error a page without its nextPageToken
  fetchUserReactions() {
    return { messages: [] };
  },
};

/** A webhook answer as 3.x's spec declares it, and no more. */
declare const webhookFor3x: Api3OperationTypes['lookupWebhook']['response'];

export const answerForOneGenerationOnly: V2Handlers = {
  // @ts-expect-error an operation both generations declare answers what each one's callers need
  lookupWebhook() {
    return webhookFor3x;
  },
};

export const paramOfOneGeneration: V2Handlers = {
  searchChannels(call) {
    // @ts-expect-error viewer_fid is 3.x's alone: a 2.44 caller's parameters have no such field
    call.params.viewer_fid;
    const viewer = 'viewer_fid' in call.params ? call.params.viewer_fid : undefined;
    return { channels: [], next: { cursor: viewer === undefined ? null : String(viewer) } };
  },
};

export const newOperationWrongAnswer: V2Handlers = {
  // @ts-expect-error an operation 3.x added is typed by 3.174's spec: quotes come as casts and next
  fetchCastQuotes(call) {
    return { quotes: call.params.identifier };
  },
};
