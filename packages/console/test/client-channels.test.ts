// Channel invites in Chromium against the emulator: the channel's lead invites seeded users from
// the members tab; one accepts under Channels → Invites and is then a member, one declines and is
// not. The UI's outcome is confirmed by reading the emulator's API directly.
import type { Emulator } from '@castkit/emulator';
import { NeynarAPIClient, type User } from '@castkit/sdk/2.x';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasChromium, launchChromium } from './support/browser';
import { buildConsole, startConsoleServer } from './support/console-server';

let server: Emulator;
let browser: BrowserContext;
let page: Page;
let v2: NeynarAPIClient;
/** A channel alice (fid 1) leads, and two seeded users who are neither members nor invited. */
let channel: string;
let accepter: User;
let decliner: User;

const signerApproved = () =>
  page
    .getByTestId('signer-status')
    .filter({ hasText: /^signer approved$/ })
    .waitFor({ timeout: 20_000 });

async function actAs(fid: number) {
  await page.getByLabel('Acting as').selectOption(String(fid));
  await signerApproved();
}

async function openMembers() {
  await page.goto(`${server.url}/client/channel/${channel}?tab=members`);
  // The header's follow button shows once the channel (with its lead and moderators) is loaded.
  await page.getByRole('button', { name: /^(Follow|Unfollow) channel$/ }).waitFor();
  await page.getByRole('list', { name: 'Members' }).waitFor();
}

async function invite(who: string) {
  await openMembers();
  await page.getByLabel('Invite a user (fid or @username)').fill(who);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect.poll(() => page.getByRole('status').innerText()).toBe(`Invited ${who} as member`);
}

/** The acting user's invite to the channel, under Channels → Invites. */
async function inviteRow() {
  await page.goto(`${server.url}/client/channels?tab=invites`);
  const row = page
    .getByRole('list', { name: 'Invites' })
    .getByRole('listitem')
    .filter({
      hasText: `/${channel} as member, from @alice`,
    });
  await row.waitFor();
  return row;
}

const memberFids = async (fid?: number) =>
  (await v2.fetchChannelMembers({ channelId: channel, fid, limit: 100 })).members.map((m) => m.user.fid);
const pendingInvites = async (fid: number) =>
  (await v2.fetchChannelInvites({ channelId: channel, invitedFid: fid })).invites;

describe.skipIf(!hasChromium && process.env.CI !== 'true')('channel invites in Chromium', () => {
  beforeAll(async () => {
    server = await startConsoleServer(await buildConsole());
    v2 = new NeynarAPIClient({ apiKey: 'castkit-dev-key', baseUrl: `${server.url}/v2` });
    const led = (await v2.fetchAllChannels({ limit: 100 })).channels.find((c) => c.lead?.fid === 1);
    if (!led) throw new Error('the seed has no channel led by alice');
    channel = led.id;
    // Users the "Acting as" list offers (fids 2 to 12), outside the channel and not invited to it.
    const members = new Set(await memberFids());
    const outside: number[] = [];
    for (let fid = 2; fid <= 12 && outside.length < 2; fid++)
      if (!members.has(fid) && (await pendingInvites(fid)).length === 0) outside.push(fid);
    if (outside.length < 2) throw new Error(`fewer than two seeded users are outside /${channel}`);
    const users = (await v2.fetchBulkUsers({ fids: outside })).users;
    accepter = users[0]!;
    decliner = users[1]!;
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`${server.url}/client`);
    await signerApproved();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("invites a user as the channel's lead; the user accepts and is then among its members", async () => {
    await invite(`@${accepter.username}`);
    const serious = (await axeViolations(page)).filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    const [sent] = await pendingInvites(accepter.fid);
    expect(sent).toMatchObject({ channel_id: channel, role: 'member', inviter: { fid: 1 } });

    await actAs(accepter.fid);
    const row = await inviteRow();
    await row.getByRole('button', { name: 'Accept' }).click();
    await row.waitFor({ state: 'detached' });

    await openMembers();
    await expect
      .poll(() => page.getByRole('list', { name: 'Members' }).innerText())
      .toContain(`@${accepter.username}`);
    // A plain member is offered no invite form (the API would refuse the invite).
    expect(await page.getByLabel('Invite a user (fid or @username)').count()).toBe(0);
    expect(await memberFids(accepter.fid)).toEqual([accepter.fid]);
    expect(await pendingInvites(accepter.fid)).toEqual([]);
  }, 90_000);

  it('leaves a user who declines out of the members', async () => {
    await actAs(1);
    await invite(String(decliner.fid));
    expect(await pendingInvites(decliner.fid)).toHaveLength(1);

    await actAs(decliner.fid);
    const row = await inviteRow();
    await row.getByRole('button', { name: 'Decline' }).click();
    await row.waitFor({ state: 'detached' });

    await openMembers();
    expect(await page.getByRole('list', { name: 'Members' }).innerText()).not.toContain(
      `@${decliner.username}`,
    );
    expect(await memberFids(decliner.fid)).toEqual([]);
    expect(await pendingInvites(decliner.fid)).toEqual([]);
  }, 90_000);

  it('names the problem when the invited user does not exist', async () => {
    await actAs(1);
    await openMembers();
    await page.getByLabel('Invite a user (fid or @username)').fill('@no-such-user-here');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/no-such-user-here|not found/i);
  }, 60_000);
});
