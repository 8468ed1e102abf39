// URLs from the API are untrusted: only http(s) ones become links; anything else (javascript:,
// data:, malformed) is shown as plain text.
import type { ReactNode } from 'react';

export function httpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function ExternalLink({ href, children }: { href: string | undefined; children?: ReactNode }) {
  const safe = httpUrl(href);
  if (!safe) return <span className="break-all font-mono text-sm">{children ?? href}</span>;
  return (
    <a href={safe} rel="noopener noreferrer" className="break-all text-indigo-700 underline">
      {children ?? href}
    </a>
  );
}
