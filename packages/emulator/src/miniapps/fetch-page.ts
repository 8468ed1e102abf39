// Fetching a page on a developer's behalf (fetchFrameMetaTagsFromUrl) without becoming a way into
// the network the emulator sits on: every hop's URL and resolved addresses pass the one outbound
// rule (outbound/targets.ts, which webhook targets pass too), and the connection is pinned to the
// checked address, so a DNS answer cannot change between check and use.
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { ValidationError } from '../ground/errors.js';
import { addressRefusal, targetRefusal } from '../outbound/targets.js';
import type { Store } from '../store/store.js';

export const PAGE_TIMEOUT_MS = 5_000;
export const PAGE_MAX_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;

export interface FetchedPage {
  url: string;
  html: string;
}

/** A redirect answer handed back unfollowed: where it points, resolved against the page's URL. */
export interface Redirect {
  url: string;
  location: string;
}

/** The HTML at `raw`, following up to 3 redirects, each hop checked; failures are 400s naming `property`. */
export async function fetchPage(store: Store, raw: string, property: string): Promise<FetchedPage> {
  const answer = await request(store, raw, property, undefined, true);
  return answer as FetchedPage;
}

/**
 * What `raw` answers a POST of `json` with. A redirect is followed (as a GET) only when
 * `followRedirect` is set; otherwise it is handed back, its target neither checked nor fetched.
 */
export function postJson(
  store: Store,
  raw: string,
  property: string,
  json: unknown,
  followRedirect: boolean,
): Promise<FetchedPage | Redirect> {
  return request(store, raw, property, JSON.stringify(json), followRedirect);
}

async function request(
  store: Store,
  raw: string,
  property: string,
  firstBody: string | undefined,
  followRedirect: boolean,
): Promise<FetchedPage | Redirect> {
  let url = parseHttpUrl(store, raw, property);
  let body = firstBody;
  for (let hop = 0; ; hop++) {
    const address = await allowedAddress(store, url, property);
    const res = await send(url, address, property, body);
    body = undefined;
    const location = res.headers.location;
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
      res.resume();
      // An absolute Location is judged as written (0x7f000001 would parse into 127.0.0.1).
      const next = parseHttpUrl(
        store,
        /^[a-z][a-z0-9+.-]*:/i.test(location) ? location : new URL(location, url).href,
        property,
      );
      if (!followRedirect) return { url: url.href, location: next.href };
      if (hop >= MAX_REDIRECTS)
        throw new ValidationError(`${raw} redirects more than ${MAX_REDIRECTS} times`, property);
      url = next;
      continue;
    }
    if (!res.statusCode || res.statusCode >= 400) {
      res.resume();
      throw new ValidationError(`${url.href} answered HTTP ${res.statusCode}`, property);
    }
    return { url: url.href, html: await readCapped(res, url.href, property) };
  }
}

function parseHttpUrl(store: Store, raw: string, property: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError(`${property} must be an absolute http(s) URL`, property);
  }
  const refused = targetRefusal(store, raw, url);
  if (refused) throw new ValidationError(`${property} is refused: ${refused}`, property);
  return url;
}

async function allowedAddress(
  store: Store,
  url: URL,
  property: string,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new ValidationError(`${url.hostname} does not resolve`, property);
  }
  if (!addresses.length) throw new ValidationError(`${url.hostname} does not resolve`, property);
  // Every answer must pass: a name that also resolves to a refused address is refused outright.
  for (const a of addresses) {
    const refused = addressRefusal(store, a.address);
    if (refused) throw new ValidationError(`${url.hostname} is refused: ${refused}`, property);
  }
  return addresses[0]!;
}

function send(
  url: URL,
  target: { address: string; family: number },
  property: string,
  body: string | undefined,
): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          accept: 'text/html',
          'user-agent': 'castkit-emulator',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        // Connect to the address that was checked, whatever the name resolves to now.
        lookup: (_host, _opts, cb) => cb(null, target.address, target.family),
        timeout: PAGE_TIMEOUT_MS,
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(new ValidationError(`${url.href} did not answer in time`, property)));
    req.on('error', (e) =>
      reject(
        e instanceof ValidationError ? e : new ValidationError(`${url.href} could not be fetched`, property),
      ),
    );
    req.end(body);
  });
}

function readCapped(res: IncomingMessage, url: string, property: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      res.destroy();
      reject(new ValidationError(`${url} did not finish in time`, property));
    }, PAGE_TIMEOUT_MS);
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > PAGE_MAX_BYTES) {
        clearTimeout(timer);
        res.destroy();
        reject(new ValidationError(`${url} is larger than ${PAGE_MAX_BYTES} bytes`, property));
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    res.on('error', () => {
      clearTimeout(timer);
      reject(new ValidationError(`${url} could not be read`, property));
    });
  });
}
