// Compile-time test of the generated handler contract (not run; `npm test`'s tsc checks it): every
// `@ts-expect-error` line must really be an error, so if the contract stopped catching misspelt
// parameters or wrong answers, tsc would fail on the unused directive. Each case is its own table
// (TypeScript reports one error per object literal), and the handlers without a directive show
// that right ones still compile.
import type { Api3OperationTypes, Channel as Channel3 } from '@castkit/sdk';
import type { CastWithInteractions, User } from '@castkit/sdk/2.x';
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

/** A cast answer as 3.x's spec declares it, and no more (its author has no power_badge). */
declare const castFor3x: Api3OperationTypes['lookupCastByHashOrUrl']['response'];

export const answerForOneGenerationOnly: V2Handlers = {
  // @ts-expect-error an operation both generations declare answers what each one's callers need
  lookupCastByHashOrUrl() {
    return castFor3x;
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

/** A user, a cast and a channel as 2.44's spec declares them, and no more. */
declare const userFor244: User;
declare const castFor244: CastWithInteractions;
declare const channelFor3x: Channel3;

export const userOfOneGenerationOnly: V2Handlers = {
  // @ts-expect-error a user both generations read carries 3.x's registered_at and auth_addresses too
  lookupUserByUsername() {
    return { user: userFor244 };
  },
};

export const castsOfOneGenerationOnly: V2Handlers = {
  // @ts-expect-error a feed both generations read answers casts both declare
  fetchFeedForYou() {
    return { casts: [castFor244], next: { cursor: null } };
  },
};

export const newOperationWithOldCasts: V2Handlers = {
  // @ts-expect-error 3.x's quotes are 3.x's casts, whose authors carry registered_at
  fetchCastQuotes() {
    return { casts: [castFor244], next: { cursor: null } };
  },
};

export const channelTimeOfTheWrongGeneration: V2Handlers = {
  // @ts-expect-error handlers answer a channel's created_at in 2.44's unix seconds (rewritten for 3.x callers)
  lookupChannel() {
    return { channel: channelFor3x };
  },
};
