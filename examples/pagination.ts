// Walking list operations page by page or item by item, with the class client and the light client.
import { createClient, FeedType, fetchFeed, NeynarAPIClient, paginate } from '@castkit/sdk/2.x';
import { apiKey, baseUrl } from './support/server.js';

// The class client names the operation; every page is the operation's whole response.
const client = new NeynarAPIClient({ apiKey, baseUrl });
let pages = 0;
let casts = 0;
for await (const page of client.paginate(
  'fetchFeed',
  { feedType: FeedType.Following, fid: 1, limit: 5 },
  { maxPages: 3 },
)) {
  pages += 1;
  casts += page.casts.length;
  console.log(
    `class client: page ${pages} holds ${page.casts.length} casts, next cursor ${page.next?.cursor ? 'present' : 'none'}`,
  );
}
console.log(`class client: ${pages} pages, ${casts} casts (maxPages 3)`);

// .toArray() collects the items of every page (.items() yields them one by one).
const followers = await client
  .paginate('fetchUserFollowers', { fid: 1, limit: 10 }, { maxPages: 2 })
  .toArray();
console.log(`class client: ${followers.length} followers of fid 1 over at most 2 pages`);

// The light client holds no operation table: import the entry you call, and paginate is a function.
const light = createClient({ apiKey, baseUrl });
const authors = new Set<string>();
let count = 0;
for await (const cast of paginate(
  light,
  fetchFeed,
  { feedType: FeedType.Following, fid: 1, limit: 4 },
  { maxPages: 2 },
).items()) {
  count += 1;
  authors.add(cast.author.username);
}
console.log(`light client: ${count} casts by ${authors.size} authors over at most 2 pages`);
