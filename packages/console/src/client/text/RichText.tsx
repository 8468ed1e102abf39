// Untrusted text (cast text, bios) rendered as React text nodes only: http(s) URLs become links
// (rel=noopener, new tab), @mentions link to profiles, /channels to channels; nothing is parsed
// as HTML, and every other scheme stays text.
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { safeHttpUrl } from './safe-url';

const TOKEN = /(https?:\/\/[^\s<>"']+)|(^|\s)@([a-z0-9][a-z0-9-.]{0,31})|(^|\s)\/([a-z0-9-]{1,32})/gi;

export interface Mention {
  username: string;
  fid: number;
}

export function RichText({ text, mentions = [] }: { text: string; mentions?: Mention[] }) {
  const fidOf = new Map(mentions.map((m) => [m.username.toLowerCase(), m.fid]));
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index ?? 0;
    if (m[1]) {
      const href = safeHttpUrl(m[1]);
      if (!href) continue;
      parts.push(text.slice(last, start));
      parts.push(
        <a
          key={start}
          href={href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-indigo-700 underline"
        >
          {m[1]}
        </a>,
      );
      last = start + m[1].length;
    } else if (m[3]) {
      const fid = fidOf.get(m[3].toLowerCase());
      if (fid === undefined) continue;
      const at = start + m[2]!.length;
      parts.push(text.slice(last, at));
      parts.push(
        <Link
          key={at}
          to="/client/profile/$fid"
          params={{ fid: String(fid) }}
          className="text-indigo-700 underline"
        >
          @{m[3]}
        </Link>,
      );
      last = at + m[3].length + 1;
    } else if (m[5]) {
      const at = start + m[4]!.length;
      parts.push(text.slice(last, at));
      parts.push(
        <Link
          key={at}
          to="/client/channel/$id"
          params={{ id: m[5].toLowerCase() }}
          className="text-indigo-700 underline"
        >
          /{m[5]}
        </Link>,
      );
      last = at + m[5].length + 1;
    }
  }
  parts.push(text.slice(last));
  return (
    <span className="whitespace-pre-wrap break-words">
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
        <Fragment key={i}>{p}</Fragment>
      ))}
    </span>
  );
}
