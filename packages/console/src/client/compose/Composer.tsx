// Compose a cast as the acting user: the 320-byte counter as one types, @mention and /channel
// autocomplete, link embeds, a channel, and the reply or quote chosen on a cast.
import { fetchAllChannels, publishCast } from '@castkit/sdk/2.x';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { useActingAs } from '../acting-as/acting-as';
import { byteLength, CAST_TEXT_LIMIT } from '../text/byte-length';
import { safeHttpUrl } from '../text/safe-url';
import { applyChoice, type Partial, partialAt } from './autocomplete';
import { useComposer } from './composer-context';
import { useSuggestions } from './use-suggestions';

const MAX_EMBEDS = 2;

export function Composer({ defaultChannel }: { defaultChannel?: string }) {
  const sdk = useSdk();
  const me = useActingAs();
  const qc = useQueryClient();
  const { target, clear } = useComposer();
  const [text, setText] = useState('');
  const [embed, setEmbed] = useState('');
  const [channel, setChannel] = useState(defaultChannel ?? '');
  const [partial, setPartial] = useState<Partial>();
  const [active, setActive] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const suggestions = useSuggestions(partial, me.fid);
  const channels = useQuery({
    queryKey: queryKeys.channels.list(),
    queryFn: () => sdk!.v2.call(fetchAllChannels, { limit: 100 }),
    enabled: !!sdk,
    staleTime: 60_000,
  });

  const bytes = byteLength(text);
  const over = bytes > CAST_TEXT_LIMIT;
  const embedUrls = embed.split(/\s+/).filter(Boolean).slice(0, MAX_EMBEDS);
  const badEmbed = embedUrls.find((u) => !safeHttpUrl(u));

  const post = useMutation({
    mutationFn: async () => {
      const signerUuid = await me.signer();
      const embeds: ({ url: string } | { castId: { fid: number; hash: string } })[] = embedUrls.map(
        (url) => ({ url }),
      );
      if (target.quote) embeds.push({ castId: { fid: target.quote.author.fid, hash: target.quote.hash } });
      return sdk!.v2.call(publishCast, {
        signerUuid,
        text,
        embeds: embeds.length ? embeds : undefined,
        parent: target.reply?.hash,
        parentAuthorFid: target.reply?.author.fid,
        channelId: !target.reply && channel ? channel : undefined,
      });
    },
    onSuccess: () => {
      setText('');
      setEmbed('');
      clear();
      qc.invalidateQueries({ queryKey: queryKeys.feeds.all });
      qc.invalidateQueries({ queryKey: queryKeys.casts.all });
      qc.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });

  function onInput(value: string, caret: number) {
    setText(value);
    setPartial(partialAt(value, caret));
    setActive(0);
  }

  function choose(value: string) {
    if (!partial) return;
    const next = applyChoice(text, partial, value);
    setText(next.text);
    setPartial(undefined);
    requestAnimationFrame(() => box.current?.setSelectionRange(next.caret, next.caret));
    box.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (!suggestions.length || !partial) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + suggestions.length) % suggestions.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(suggestions[active]!.value);
    } else if (e.key === 'Escape') {
      setPartial(undefined);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!over && text.trim() && !badEmbed) post.mutate();
  }

  const showList = partial && suggestions.length > 0;
  return (
    <form onSubmit={submit} className="border-b border-slate-200 bg-white p-4">
      {(target.reply || target.quote) && (
        <p className="mb-2 flex items-center gap-2 text-xs text-slate-700">
          {target.reply
            ? `Replying to @${target.reply.author.username}`
            : `Quoting @${target.quote!.author.username}`}
          <button type="button" onClick={clear} className="text-indigo-700 underline">
            Cancel
          </button>
        </p>
      )}
      <div className="relative">
        <textarea
          id="compose-text"
          ref={box}
          aria-label="Compose a cast"
          role="combobox"
          aria-expanded={!!showList}
          aria-controls={listId}
          aria-autocomplete="list"
          value={text}
          onChange={(e) => onInput(e.target.value, e.target.selectionStart)}
          onKeyDown={onKeyDown}
          rows={3}
          className="w-full resize-y rounded border border-slate-300 p-2 text-sm"
          placeholder="What's happening? Type @ or / for suggestions"
        />
        {showList && (
          <div
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            className="absolute z-10 w-72 rounded border border-slate-300 bg-white shadow"
          >
            {suggestions.map((s, i) => (
              <div
                key={s.value}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(s.value);
                }}
                className={`cursor-pointer px-2 py-1 text-sm ${i === active ? 'bg-indigo-100' : ''}`}
              >
                {s.label}
              </div>
            ))}
          </div>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <input
          aria-label="Embed URLs (up to 2, space separated)"
          value={embed}
          onChange={(e) => setEmbed(e.target.value)}
          placeholder="https://… embeds"
          className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1"
        />
        {!target.reply && (
          <label className="flex items-center gap-1">
            <span className="text-slate-700">Channel</span>
            <select
              value={channel}
              onChange={(e) => setChannel(e.target.value)}
              className="rounded border border-slate-300 px-1 py-1"
            >
              <option value="">None</option>
              {channels.data?.channels.map((c) => (
                <option key={c.id} value={c.id}>
                  /{c.id}
                </option>
              ))}
            </select>
          </label>
        )}
        <span
          data-testid="byte-counter"
          aria-live="polite"
          className={`tabular-nums text-xs ${over ? 'font-semibold text-red-700' : 'text-slate-600'}`}
        >
          {bytes}/{CAST_TEXT_LIMIT} bytes
        </span>
        <button
          type="submit"
          disabled={over || !text.trim() || !!badEmbed || post.isPending}
          className="rounded bg-indigo-700 px-4 py-1 font-medium text-white disabled:bg-slate-400"
        >
          Cast
        </button>
      </div>
      {badEmbed && <p className="mt-1 text-xs text-red-700">Embeds must be http(s) URLs: {badEmbed}</p>}
      {post.error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {post.error.message}
        </p>
      )}
    </form>
  );
}
