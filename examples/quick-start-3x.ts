// The README's quick start as a @neynar/nodejs-sdk 3.x program. Switching to castkit changed one
// line, the import:
//   -import { ... } from '@neynar/nodejs-sdk';
import { Configuration, FetchFeedFeedTypeEnum, isApiErrorResponse, NeynarAPIClient } from '@castkit/sdk';
import { apiKey, serverUrl } from './support/server.js';

// 3.x's basePath is the API's root (https://api.neynar.com unless given): here the emulator's.
const client = new NeynarAPIClient(new Configuration({ apiKey, basePath: serverUrl }));

const { user } = await client.lookupUserByUsername({ username: 'alice', viewerFid: 2 });
console.log(`@${user.username} is fid ${user.fid}`);

// alice's approved signer on the emulator; on the real API, a signer your app holds.
const signerUuid = process.env.SIGNER_UUID ?? '00000000-0000-4000-8000-000000000001';
const { cast } = await client.publishCast({
  signerUuid,
  text: 'gm from a 3.x program',
  embeds: [{ url: 'https://example.com' }],
});
console.log(`@${user.username} published ${cast.hash}`);

// 3.x's name for the cast lookup (2.44 called it lookupCastByHashOrWarpcastUrl).
const found = await client.lookupCastByHashOrUrl({ identifier: cast.hash, type: 'hash' });
console.log(`looked up ${found.cast.hash}: "${found.cast.text}"`);

// Every list operation can be walked page by page or item by item.
let walked = 0;
const feed = client.paginate(
  'fetchFeed',
  { feedType: FetchFeedFeedTypeEnum.Following, fid: 1, limit: 5 },
  { maxPages: 2 },
);
for await (const item of feed.items()) if (item.hash) walked++;
console.log(`following feed of fid 1: ${walked} casts over at most 2 pages`);

try {
  await client.lookupUserByUsername({ username: 'nobody-here' });
} catch (error) {
  if (!isApiErrorResponse(error)) throw error;
  console.log(`lookup failed: ${error.response.status} ${error.response.data.message}`);
}
