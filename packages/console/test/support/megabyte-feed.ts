// A feed-shaped response of just over 1 MB: what the response viewer must stay fast on.
export function megabyteFeed() {
  const casts = Array.from({ length: 2600 }, (_, i) => ({
    hash: `0x${i.toString(16).padStart(40, '0')}`,
    author: {
      fid: i,
      username: `user${i}`,
      display_name: `User ${i}`,
      pfp_url: `https://example.com/${i}.png`,
    },
    text: 'gm '.repeat(40),
    reactions: { likes_count: i, recasts_count: i % 7, likes: [{ fid: 1 }, { fid: 2 }] },
    replies: { count: i % 3 },
  }));
  return { casts, next: { cursor: 'abc' } };
}
