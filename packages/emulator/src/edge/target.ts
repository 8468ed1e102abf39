// The request target and Host, read strictly: what cannot be a path on this server is a 400, and
// a Host that is not a plain name or IP literal never becomes part of a URL.

/** RFC 3986 path characters; a `%` must start a two-digit escape. */
const ORIGIN_FORM = /^(?:\/(?:[\w\-.~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)+(?:\?[^#]*)?$/;
/** host[:port]: a DNS-style name, an IPv4 literal or a bracketed IPv6 literal. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export interface Target {
  /** What the path and query are resolved against: `http://` + the authority the client named. */
  authority: string;
  /** The path and query as sent (origin-form). */
  path: string;
}

/**
 * The authority and path of a request: origin-form (`/v2/x?y`) with the Host header, or absolute-form
 * (`http://host/v2/x`), whose authority then stands in for Host (RFC 9112 §3.2.2). Undefined when the
 * target is malformed; the authority is '' when there is no usable Host.
 */
export function parseTarget(raw: string | undefined, hostHeader: string | undefined): Target | undefined {
  if (raw === undefined) return undefined;
  if (raw.charCodeAt(0) === 47 /* / */) {
    if (!ORIGIN_FORM.test(raw)) return undefined;
    return { authority: hostHeader && HOST.test(hostHeader) ? hostHeader : '', path: raw };
  }
  const m = /^https?:\/\/([^/?#]*)(.*)$/i.exec(raw);
  if (!m) return undefined;
  const path = m[2] || '/';
  if (!ORIGIN_FORM.test(path)) return undefined;
  return { authority: HOST.test(m[1]!) ? m[1]! : '', path };
}

/** The host name of an authority, lower-cased, without the port (`[::1]` keeps its brackets). */
export function hostName(authority: string): string {
  const end = authority.startsWith('[') ? authority.indexOf(']') + 1 : authority.lastIndexOf(':');
  return (end > 0 ? authority.slice(0, end) : authority).toLowerCase();
}

/** A host name as a Host header carries it: IPv6 literals bracketed, names lower-cased. */
export function asHostName(name: string): string {
  const n = name.trim().toLowerCase();
  return n.includes(':') && !n.startsWith('[') ? `[${n}]` : n;
}
