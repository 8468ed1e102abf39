// A user named the way people type one: a fid, or a username with or without its @.
import { type CastkitClient, lookupUserByUsername } from '@castkit/sdk/2.x';

export async function resolveFid(v2: CastkitClient<'v2'>, text: string): Promise<number> {
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const username = value.replace(/^@/, '');
  if (!username) throw new Error('Name a user by fid or @username');
  return (await v2.call(lookupUserByUsername, { username })).user.fid;
}
