// Fetching a page on a developer's behalf (fetchFrameMetaTagsFromUrl) without becoming a way into
// the network the emulator sits on: every hop's name is resolved here, each address checked, and
// the connection pinned to the checked address, so a DNS answer cannot change between check and use.
// Loopback pages (the developer's own app) are fetched only when the emulator itself listens on
// loopback alone; private, link-local (cloud metadata), CGNAT and unspecified addresses never are.
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { ValidationError } from '../protocol/errors.js';
import type { Store } from '../store/store.js';

export const PAGE_TIMEOUT_MS = 5_000;
export const PAGE_MAX_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const forbidden = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  forbidden.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::ffff:0:0', 96],
] as const)
  forbidden.addSubnet(net, bits, 'ipv6');

/** Whether each store's emulator listens on loopback only (set when the server starts). */
const loopbackServers = new WeakSet<Store>();

/** Called by the server: an emulator reachable only over loopback may fetch loopback pages. */
export function allowLoopbackPages(store: Store, listenHost: string): void {
  const h = listenHost.replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || loopback.check(h, isIP(h) === 6 ? 'ipv6' : 'ipv4')) {
    loopbackServers.add(store);
  }
}

export interface FetchedPage {
  url: string;
  html: string;
}

/**
 * The HTML at `raw` (or what it answers a POST of `json` with), following up to 3 redirects (as
 * GETs), each hop checked; failures are 400s naming `property`.
 */
export async function fetchPage(
  store: Store,
  raw: string,
  property: string,
  json?: unknown,
): Promise<FetchedPage> {
  let url = parseHttpUrl(raw, property);
  let body = json === undefined ? undefined : JSON.stringify(json);
  for (let hop = 0; ; hop++) {
    const address = await allowedAddress(store, url, property);
    const res = await send(url, address, property, body);
    body = undefined;
    const location = res.headers.location;
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
      res.resume();
      if (hop >= MAX_REDIRECTS)
        throw new ValidationError(`${raw} redirects more than ${MAX_REDIRECTS} times`, property);
      url = parseHttpUrl(new URL(location, url).href, property);
      continue;
    }
    if (!res.statusCode || res.statusCode >= 400) {
      res.resume();
      throw new ValidationError(`${url.href} answered HTTP ${res.statusCode}`, property);
    }
    return { url: url.href, html: await readCapped(res, url.href, property) };
  }
}

function parseHttpUrl(raw: string, property: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError(`${property} must be an absolute http(s) URL`, property);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ValidationError(`${property} must be an http(s) URL, not ${url.protocol}`, property);
  }
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
  // Every answer must pass: a name that also resolves to a forbidden address is refused outright.
  for (const a of addresses) {
    const type = a.family === 6 ? 'ipv6' : 'ipv4';
    if (loopback.check(a.address, type)) {
      if (!loopbackServers.has(store)) {
        throw new ValidationError(
          `${url.hostname} is a loopback address; only an emulator listening on loopback fetches those`,
          property,
        );
      }
    } else if (forbidden.check(a.address, type)) {
      throw new ValidationError(
        `${url.hostname} resolves to ${a.address}, a private or reserved address`,
        property,
      );
    }
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
