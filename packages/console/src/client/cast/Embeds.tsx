// A cast's embeds: link cards from the emulator's own URL metadata (title, description, image),
// quoted casts as nested cards. Every URL passes safeHttpUrl; anything else is shown as text.
import type { Embed, EmbedCast, EmbedUrl } from '@castkit/sdk/2.x';
import { Link } from '@tanstack/react-router';
import { RichText } from '../text/RichText';
import { safeHttpUrl } from '../text/safe-url';

const isCast = (e: Embed): e is EmbedCast => 'cast' in e || 'cast_id' in e;

function LinkEmbed({ embed }: { embed: EmbedUrl }) {
  const href = safeHttpUrl(embed.url);
  const html = embed.metadata?.html;
  const image = safeHttpUrl(html?.ogImage?.[0]?.url);
  const isImage = embed.metadata?.content_type?.startsWith('image/');
  if (!href) {
    return <p className="break-all text-xs text-slate-600">{embed.url}</p>;
  }
  if (isImage) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="block">
        <img src={href} alt="" loading="lazy" className="max-h-64 rounded border border-slate-200" />
      </a>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="flex gap-3 rounded border border-slate-200 p-2 hover:bg-slate-50"
    >
      {image && <img src={image} alt="" loading="lazy" className="h-14 w-14 rounded object-cover" />}
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-slate-900">
          {html?.ogTitle ?? embed.url}
        </span>
        {html?.ogDescription && (
          <span className="line-clamp-2 block text-xs text-slate-600">{html.ogDescription}</span>
        )}
        <span className="block truncate text-xs text-slate-600">{new URL(href).host}</span>
      </span>
    </a>
  );
}

function QuotedCast({ embed }: { embed: EmbedCast }) {
  const cast = embed.cast;
  const hash = cast?.hash ?? embed.cast_id?.hash;
  if (!hash) return null;
  return (
    <div data-testid="quoted-cast" className="rounded border border-slate-200 p-2 text-sm">
      {cast ? (
        <>
          <p className="text-xs font-medium text-slate-700">
            {cast.author.display_name ?? cast.author.username} @{cast.author.username}
          </p>
          <RichText text={cast.text} />
        </>
      ) : null}
      <Link to="/client/cast/$hash" params={{ hash }} className="block text-xs text-indigo-700">
        Open quoted cast
      </Link>
    </div>
  );
}

export function Embeds({ embeds }: { embeds: Embed[] }) {
  if (!embeds.length) return null;
  return (
    <div className="mt-2 flex flex-col gap-2">
      {embeds.map((e, i) =>
        isCast(e) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: embeds are fixed per cast
          <QuotedCast key={i} embed={e} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: embeds are fixed per cast
          <LinkEmbed key={i} embed={e} />
        ),
      )}
    </div>
  );
}
