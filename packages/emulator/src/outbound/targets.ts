// The one rule for where the emulator sends a request on a client's behalf: a webhook's target and
// every hop of the frame and mini-app crawler. It must not become a way into the network it sits
// on: private, link-local (cloud metadata), CGNAT, multicast and unspecified addresses are refused,
// and so are metadata host names and IPv4 written other than dotted-decimal (0x7f000001,
// 2130706433, 0177.0.0.1: URL parsing turns them into an address a reader of the URL would not
// see). Loopback (the developer's own receiver or app) is allowed only to an emulator that listens
// on loopback alone, so one reachable from other machines cannot be pointed at this one's ports.
import { BlockList, isIP } from 'node:net';
import type { Store } from '../store/store.js';

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

/** Names cloud providers answer their instance metadata on, whatever they resolve to here. */
const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Stores whose emulator listens on loopback only (set when the server starts). */
const loopbackServers = new WeakSet<Store>();

/** Called by the server: an emulator reachable only over loopback may send to loopback. */
export function allowLoopbackTargets(store: Store, listenHost: string): void {
  const h = listenHost.replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || loopback.check(h, isIP(h) === 6 ? 'ipv6' : 'ipv4')) {
    loopbackServers.add(store);
  }
}

/** The host as the URL's text spells it, lower-cased, before URL parsing normalises it. */
function writtenHost(raw: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(raw.trim())?.[1]?.toLowerCase();
}

/** Why the emulator never connects to `address`, or undefined when it may. */
export function addressRefusal(store: Store, address: string): string | undefined {
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (loopback.check(address, type))
    return loopbackServers.has(store)
      ? undefined
      : `${address} is a loopback address; only an emulator listening on loopback alone sends there`;
  if (forbidden.check(address, type))
    return `${address} is a private or reserved address (private, link-local, CGNAT, multicast)`;
  return undefined;
}

/**
 * Why the emulator never sends to the URL `raw` (as parsed into `url`), judged on the URL alone:
 * its scheme, how its host is written, a metadata name, an address literal. A name is judged again
 * by its addresses where it is resolved (the crawler pins the checked one).
 */
export function targetRefusal(store: Store, raw: string, url: URL): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not http(s)`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const written = writtenHost(raw)?.replace(/^\[|\]$/g, '');
  if (isIP(host) && written !== host)
    return `host ${written} is an address written in a non-canonical form (it means ${host})`;
  if (METADATA_HOSTS.has(host.replace(/\.$/, ''))) return `${host} is a cloud metadata host`;
  if (host === 'localhost' || host.endsWith('.localhost')) return addressRefusal(store, '127.0.0.1');
  if (isIP(host)) return addressRefusal(store, host);
  return undefined;
}
