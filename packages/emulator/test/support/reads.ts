// What a write left behind, read through the APIs as a client would: tests check outcomes here
// rather than in the store's tables.
import type { NeynarAPIClient, NeynarHubClient } from '@castkit/sdk/2.x';

/** How many of `fid`'s newest casts (up to 150: a test's new casts are among them) have this text. */
export async function castsWithText(api: NeynarAPIClient, fid: number, text: string): Promise<number> {
  const { casts } = await api.fetchCastsForUser({ fid, limit: 150 });
  return casts.filter((c) => c.text === text).length;
}

/** Every message the hub holds, as its info counts them: a write that kept nothing leaves it as it was. */
export async function hubMessageCount(hub: NeynarHubClient): Promise<number> {
  return (await hub.lookupHubInfo({ dbstats: true })).dbStats!.numMessages;
}

/** The id the hub's next event will have: its event log read to the end (a few pages of 1000). */
export async function nextHubEventId(hub: NeynarHubClient): Promise<number> {
  let from = 0;
  for (;;) {
    const page = await hub.fetchEvents({ fromEventId: from });
    if (!page.events.length) return from;
    from = page.nextPageEventId;
  }
}
