// The console as routes of a castkit server's edge (@castkit/emulator/edge), as castkit dev mounts
// it: /_castkit/env for pages of the same origin only (it hands out the key the browser sends), and
// the built files with the SPA fallback for every path no other route has, and the signers screen as
// the page the emulator's signer approval URL opens.
import type { Fallback, Route } from '@castkit/emulator/edge';
import { type ConsoleHandlerOptions, consoleHandler } from './console-handler.js';
import { ENV_PATH, type EnvInfo, envHandler } from './env-handler.js';

/** The console route that approves a signer, `/signers/approve/<uuid>` (src/router.tsx serves it). */
export const SIGNER_APPROVAL_PAGE = '/signers/approve';

export function consoleRoutes(
  info: EnvInfo,
  options: ConsoleHandlerOptions = {},
): { routes: Route[]; fallback: Fallback; signerApprovalPage: string } {
  const env = envHandler(info);
  const app = consoleHandler(options);
  return {
    routes: [
      {
        method: 'GET',
        path: ENV_PATH,
        door: 'same-origin',
        handler({ req, res, url }) {
          env(req, res, url);
          return undefined;
        },
      },
    ],
    fallback: { door: 'public', handler: ({ req, res, url }) => app(req, res, url) },
    signerApprovalPage: SIGNER_APPROVAL_PAGE,
  };
}
