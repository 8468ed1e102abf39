// The app host API over the emulator's mini-app host simulation (miniapps/app-host.ts): the same
// users, apps, tokens and webhook events the developer controls and the console drive.
import type { V2Handlers } from '../../api/dispatch.js';
import { ValidationError } from '../../ground/errors.js';
import { appHostEvent, appHostPost, appHostUserState } from '../../miniapps/app-host.js';

export const appHostHandlers: V2Handlers = {
  appHostGetEvent({ store, params, origin }) {
    return appHostEvent(store, params.app_domain, params.fid, params.event, origin);
  },

  appHostPostEvent({ store, params, origin }) {
    const { app_domain, signed_message, signer_uuid, fid, event } = params;
    if (signed_message !== undefined) return appHostPost(store, { app_domain, signed_message }, origin);
    if (signer_uuid === undefined || fid === undefined || event === undefined) {
      const missing = [
        signer_uuid === undefined && 'signer_uuid',
        fid === undefined && 'fid',
        event === undefined && 'event',
      ]
        .filter(Boolean)
        .join(', ');
      throw new ValidationError(
        `give either signed_message, or signer_uuid with fid and event (missing: ${missing})`,
        signer_uuid === undefined ? 'signer_uuid' : fid === undefined ? 'fid' : 'event',
      );
    }
    return appHostPost(store, { app_domain, signer_uuid, fid, event }, origin);
  },

  appHostGetUserState({ store, params }) {
    return appHostUserState(store, params.fid);
  },
};
