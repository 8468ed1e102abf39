// One line per webhook event for `castkit listen`: its type, the cast hash or fid it is about, and who
// did what, short enough for a terminal.
import type { WebhookTradeCreated } from '@castkit/sdk';
import type { WebhookEvent } from '@castkit/sdk/2.x';

const MAX_TEXT = 60;

const short = (hash: string) => (hash.length > 12 ? `${hash.slice(0, 10)}…` : hash);

function quoted(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT - 1)}…` : line);
}

const who = (user: { username?: string; fid: number } | undefined) =>
  user ? (user.username ? `@${user.username}` : `fid ${user.fid}`) : '(unknown user)';

export function summarize(event: WebhookEvent | WebhookTradeCreated): string {
  switch (event.type) {
    case 'cast.created':
    case 'cast.deleted':
      return `${event.type} ${short(event.data.hash)} ${who(event.data.author)}: ${quoted(event.data.text ?? '')}`;
    case 'user.created':
    case 'user.updated':
      return `${event.type} fid ${event.data.fid} ${who(event.data)}${event.data.display_name ? ` ${quoted(event.data.display_name)}` : ''}`;
    case 'follow.created':
    case 'follow.deleted':
      return `${event.type} ${who(event.data.user)} → ${who(event.data.target_user)}`;
    case 'reaction.created':
    case 'reaction.deleted': {
      const kind = event.data.reaction_type === 2 ? 'recast' : 'like';
      return `${event.type} ${who(event.data.user)} ${kind} ${short(event.data.cast.hash)} by ${who(event.data.cast.author)}`;
    }
    case 'trade.created': {
      const { trader, transaction } = event.data;
      const { sending_fungible: gave, receiving_fungible: got } = transaction.net_transfer;
      return `${event.type} ${short(transaction.hash)} ${trader ? who(trader) : '(no user)'} ${gave.balance.in_token ?? '?'} ${gave.token.symbol} → ${got.balance.in_token ?? '?'} ${got.token.symbol}`;
    }
    default: {
      const unknown = event as { type?: unknown };
      return `${String(unknown.type)} (an event type this castkit does not know)`;
    }
  }
}
