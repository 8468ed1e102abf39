// The light client in a page: only the operations imported here end up in the bundle.
import {
  CastkitError,
  createClient,
  FeedType,
  fetchFeed,
  lookupUserByUsername,
  paginate,
} from '@castkit/sdk/2.x';

const query = new URLSearchParams(location.search);
// A browser has no environment: the base URL and key come from the page's query, else the emulator's.
const client = createClient({
  apiKey: query.get('apiKey') ?? 'castkit-dev-key',
  baseUrl: query.get('baseUrl') ?? 'http://localhost:3000/v2',
  timeout: 10_000,
});

const result = document.getElementById('result')!;
const list = document.getElementById('casts')!;

try {
  const { user } = await client.call(lookupUserByUsername, { username: 'alice' });
  let count = 0;
  for await (const cast of paginate(
    client,
    fetchFeed,
    { feedType: FeedType.Following, fid: user.fid, limit: 3 },
    { maxPages: 2 },
  ).items()) {
    const item = document.createElement('li');
    item.textContent = `@${cast.author.username}: ${cast.text}`;
    list.append(item);
    count += 1;
  }
  result.textContent = `@${user.username} (fid ${user.fid}): ${count} casts of the following feed`;
} catch (error) {
  result.textContent = error instanceof CastkitError ? `${error.name}: ${error.message}` : String(error);
}
document.body.dataset.done = 'true';
