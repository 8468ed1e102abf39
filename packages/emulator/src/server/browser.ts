// Pages a person opens in a browser from links the v2 API hands out: the signer approval URL
// (createSigner's `signer_approval_url`) and fetchAuthorizationUrl's login URL. Browsers send no
// x-api-key, so both are public; the signer's uuid in the URL is what authorises the approval.

import { approveAuthAddress } from '../domain/auth-addresses.js';
import { FRAME_ANCESTORS } from '../edge/edge.js';
import type { Route } from '../edge/router.js';
import { ValidationError } from '../ground/errors.js';
import { escapeHtml } from '../ground/escape-html.js';
import type { Store } from '../store/store.js';
import { approveSignerRequest } from '../v2/routes/signers.js';
import { type ControlHandlers, Redirect } from './control-routes.js';

/** The login stand-in: says what it was asked and that nobody is signed in. Text only. */
export function loginPage(query: URLSearchParams): string {
  const rows = [...query].map(
    ([k, v]) => `<li><code>${escapeHtml(k)}</code> = <code>${escapeHtml(v)}</code></li>`,
  );
  return [
    '<!doctype html><html><head><meta charset="utf-8"><title>castkit emulator login</title></head><body>',
    '<h1>castkit emulator</h1>',
    '<p>The emulator has no real login: nobody signs in here and no authorization code is issued.</p>',
    '<p>This request asked for:</p>',
    rows.length ? `<ul>${rows.join('')}</ul>` : '<p>(no query parameters)</p>',
    '</body></html>',
  ].join('\n');
}

/**
 * The signer approval URL as a control (`?fid=` approves as that user). `approvalPage`: where a
 * person who opens it without choosing a user is sent to choose one (castkit dev: the console's
 * approval screen, `<approvalPage>/<uuid>`).
 */
export function signerApprovalHandlers(store: Store, approvalPage?: string) {
  return {
    'GET /_emulator/signer/:uuid/approve': ({ params: { uuid }, query: { fid } }) => {
      if (fid !== undefined) return approveSignerRequest(store, uuid, fid);
      if (approvalPage) return new Redirect(`${approvalPage}/${encodeURIComponent(uuid)}`);
      throw new ValidationError('fid (the approving user) is required', 'fid');
    },
  } satisfies Partial<ControlHandlers>;
}

/** The auth address approval URL (register-signed-key-for-developer-managed-auth-address's) as a control. */
export function authAddressApprovalHandlers(store: Store) {
  return {
    'GET /_emulator/auth-address/:address/approve': ({ params: { address }, query: { fid } }) => {
      const row = approveAuthAddress(store, address, fid);
      return { address: row.address, fid, status: row.status };
    },
  } satisfies Partial<ControlHandlers>;
}

export const browserRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_emulator/login/authorize',
    door: 'public',
    handler({ res, url }) {
      const html = loginPage(url.searchParams);
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': Buffer.byteLength(html),
        // Text only: no scripts, styles or frames from anywhere.
        'content-security-policy': `default-src 'none'; ${FRAME_ANCESTORS}`,
      });
      res.end(html);
      return undefined;
    },
  },
];
