// A program written for @neynar/nodejs-sdk 2.44. Switching to castkit changed one line: the import.
//   -import { ... } from '@neynar/nodejs-sdk';
import {
  Configuration,
  FeedType,
  FilterType,
  isApiErrorResponse,
  NeynarAPIClient,
  ReactionType,
} from '@castkit/sdk/2.x';
import { apiKey, baseUrl } from './support/server.js';

const client = new NeynarAPIClient(
  new Configuration({
    apiKey,
    basePath: baseUrl,
  }),
);

const { users } = await client.fetchBulkUsers({ fids: [1, 2, 3] });
console.log(`users: ${users.map((u) => `${u.username} (fid ${u.fid})`).join(', ')}`);

const { casts } = await client.fetchFeed({
  feedType: FeedType.Filter,
  filterType: FilterType.GlobalTrending,
  limit: 3,
});
for (const cast of casts) console.log(`trending: @${cast.author.username}: ${cast.text.slice(0, 60)}`);

// bob's approved signer on the emulator; on the real API, a signer your app holds.
const signerUuid = process.env.SIGNER_UUID ?? '00000000-0000-4000-8000-000000000002';
const first = casts[0];
if (first) {
  const reaction = await client.publishReaction({
    signerUuid,
    reactionType: ReactionType.Like,
    target: first.hash,
  });
  console.log(`liked ${first.hash}: success=${reaction.success}`);
}

try {
  await client.lookupUserByUsername({ username: 'nobody-here' });
} catch (error) {
  if (!isApiErrorResponse(error)) throw error;
  console.log(`lookup failed as before: ${error.response.status} ${error.response.data.message}`);
}
