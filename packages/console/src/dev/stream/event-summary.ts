// One line saying what an event is about, for the stream's list (shown as text: it quotes casts).
import type { WebhookEvent } from '@castkit/sdk/2.x';

export function summarize(event: WebhookEvent): string {
  switch (event.type) {
    case 'cast.created':
    case 'cast.deleted':
      return `@${event.data.author.username}: ${event.data.text}`;
    case 'user.created':
    case 'user.updated':
      return `@${event.data.username} (fid ${event.data.fid})`;
    case 'follow.created':
    case 'follow.deleted':
      return `@${event.data.user.username} → @${event.data.target_user.username}`;
    case 'reaction.created':
    case 'reaction.deleted':
      return `@${event.data.user.username} ${event.data.reaction_type === 1 ? 'likes' : 'recasts'} ${event.data.cast.hash} by @${event.data.cast.author.username}`;
  }
}
