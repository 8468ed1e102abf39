// Code splitting keeps each screen's first load small: the explorer's and the client's first-load
// JavaScript (entry, the route's lazy chunks and what they import) each stay within 150 kB gzip.
import { allOperations as operations3 } from '@castkit/sdk';
import { allOperations } from '@castkit/sdk/2.x';
import { describe, expect, it } from 'vitest';
import { buildConsole } from './support/console-server';
import { firstLoadJs, operationsIn } from './support/first-load';

const LIMIT = 150_000;

describe('first-load JavaScript', () => {
  it('stays within 150 kB gzip for the explorer and for the client', async () => {
    const dist = await buildConsole();
    const explorer = firstLoadJs(dist, ['src/explorer/ExplorerPage.tsx']);
    const client = firstLoadJs(dist, ['src/client/ClientLayout.tsx', 'src/client/feed/FeedPage.tsx']);
    console.info(`first-load JS gzip: explorer ${explorer.gzipBytes} B, client ${client.gzipBytes} B`);
    // The client's pages are not in the explorer's first load, nor the explorer in the client's: by
    // the source modules the files hold, so a bundler that names its chunks otherwise cannot pass it.
    const clientPages = ['src/client/ClientLayout.tsx', 'src/client/feed/CastList.tsx'];
    const explorerPage = 'src/explorer/ExplorerPage.tsx';
    expect(client.modules).toEqual(expect.arrayContaining(clientPages));
    expect(explorer.modules).toContain(explorerPage);
    expect(explorer.modules.filter((m) => clientPages.includes(m))).toEqual([]);
    expect(client.modules).not.toContain(explorerPage);
    // The explorer carries every operation of the default generation (3.x) and none of 2.44's table,
    // loaded when asked for; the client sends through light clients, so its first load holds single
    // entries and never the table (nor the hub's operations it does not send).
    const ops = (files: string[]) => operationsIn(dist, files);
    const clientOps = ops(client.files);
    const explorer3 = operationsIn(dist, explorer.files, operations3);
    console.info(
      `operation entries in the first load: explorer 3.x ${explorer3.length} and 2.44 ${ops(explorer.files).length}, client ${clientOps.length}`,
    );
    expect(explorer3).toHaveLength(operations3.length);
    expect(ops(explorer.files)).toEqual([]);
    expect(operationsIn(dist, client.files, operations3)).toEqual([]);
    expect(clientOps.filter((op) => op.api === 'hub')).toEqual([]);
    expect(clientOps.length).toBeLessThan(allOperations.filter((op) => op.api === 'v2').length);
    expect(explorer.gzipBytes).toBeLessThanOrEqual(LIMIT);
    expect(client.gzipBytes).toBeLessThanOrEqual(LIMIT);
  }, 180_000);
});
