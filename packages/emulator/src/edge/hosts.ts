// The DNS-rebinding guard. A page on evil.example whose name is re-pointed at 127.0.0.1 reaches this
// server with `Host: evil.example`; answering it would hand that page the API, the dev key and, in
// castkit dev, the console's environment. Only loopback names and names the user configured pass.
import { asHostName, hostName } from './target.js';

const LOOPBACK_V4 = /^127\.(?:\d{1,3})\.(?:\d{1,3})\.(?:\d{1,3})$/;
/** Listen addresses that mean "every interface": they name no host a client would send. */
const WILDCARDS = new Set(['0.0.0.0', '[::]', '[::0]', '[0:0:0:0:0:0:0:0]']);

export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost') || name === '[::1]') return true;
  const m = LOOPBACK_V4.exec(name);
  return m !== null && name.split('.').every((octet) => Number(octet) <= 255);
}

const NAME = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])$/;

/**
 * Host names to serve beside loopback: the listen address when it names one host, and the extras
 * (--allow-host), which must be bare names or IPs.
 */
export function configuredHosts(listen: string | undefined, extra: readonly string[] = []): string[] {
  const names = extra.map((value) => {
    const name = asHostName(value);
    if (!NAME.test(name))
      throw new Error(`--allow-host: "${value}" is not a host name or IP (no scheme, no port)`);
    return name;
  });
  if (listen) {
    const name = asHostName(listen);
    if (!WILDCARDS.has(name)) names.push(name);
  }
  return names;
}

/** Bracketed IPv6 literals have many spellings; the URL parser gives the one a browser sends. */
function canonical(name: string): string {
  if (!name.startsWith('[')) return name;
  try {
    return new URL(`http://${name}`).hostname;
  } catch {
    return name;
  }
}

/** A memo of verdicts per Host header value: clients send the same few values over and over. */
const MEMO_LIMIT = 256;

/** `allows(authority)`: true for a loopback or configured host name, any port. */
export function hostGuard(configured: readonly string[]): (authority: string) => boolean {
  const names = new Set(configured.map((n) => canonical(asHostName(n))));
  const memo = new Map<string, boolean>();
  return (authority) => {
    const known = memo.get(authority);
    if (known !== undefined) return known;
    if (authority === '') return false;
    const name = canonical(hostName(authority));
    const verdict = isLoopbackName(name) || names.has(name);
    if (memo.size < MEMO_LIMIT) memo.set(authority, verdict);
    return verdict;
  };
}

/** The URL a server listening at `address` is reached at; over loopback when it listens everywhere. */
export function listeningUrl({ address, port }: { address: string; port: number }): string {
  const ip = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  return `http://${ip.includes(':') ? `[${ip}]` : ip}:${port}`;
}
