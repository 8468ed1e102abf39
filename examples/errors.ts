// Every failure is a typed error: a CastkitError subclass that says what went wrong.
import {
  BadRequestError,
  CastkitError,
  isApiErrorResponse,
  NeynarAPIClient,
  NotFoundError,
  RequiredError,
  UnexpectedResponseError,
} from '@castkit/sdk/2.x';
import { apiKey, baseUrl, serverUrl } from './support/server.js';

const client = new NeynarAPIClient({ apiKey, baseUrl });

/** Runs `call` and returns what it threw (the examples below all throw). */
async function failure(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

// 404: NotFoundError, with the status, the API's message and code, and the request.
const missing = await failure(() => client.lookupUserByUsername({ username: 'nobody-here' }));
if (missing instanceof NotFoundError) {
  console.log(
    `NotFoundError: status ${missing.status}, code ${missing.code}, message "${missing.apiMessage}"`,
  );
}

// 400: BadRequestError; `property` names the parameter the API refused.
const tooMany = await failure(() => client.fetchFeed({ feedType: 'following', fid: 1, limit: 1000 }));
if (tooMany instanceof BadRequestError) {
  console.log(`BadRequestError: property ${tooMany.property}: ${tooMany.apiMessage}`);
}

// isApiErrorResponse narrows any caught value the way @neynar/nodejs-sdk code reads it.
if (isApiErrorResponse(tooMany)) {
  console.log(`isApiErrorResponse: ${tooMany.response.status} ${tooMany.response.data.message}`);
}

// A required parameter left out fails before any request is sent.
const required = await failure(() => client.lookupUserByUsername({} as { username: string }));
if (required instanceof RequiredError) console.log(`RequiredError: ${required.message}`);

// A base URL that is not the API (here the console's pages) answers with a web page: a 2xx that is
// not JSON is an error too.
const wrongBase = new NeynarAPIClient({ apiKey, baseUrl: `${serverUrl}/console` });
const unexpected = await failure(() => wrongBase.lookupUserByUsername({ username: 'alice' }));
if (unexpected instanceof UnexpectedResponseError) {
  console.log(`UnexpectedResponseError: status ${unexpected.status}: ${unexpected.message}`);
}

// Configuration mistakes fail at construction.
const misconfigured = await failure(() => new NeynarAPIClient({ apiKey, baseUrl: 'localhost:3000/v2' }));
if (misconfigured instanceof CastkitError)
  console.log(`CastkitError at construction: ${misconfigured.message}`);
