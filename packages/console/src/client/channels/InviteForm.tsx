// A channel's lead or moderator invites a user as member or moderator; the invited user accepts
// or declines under Channels → Invites.
import { type ChannelMemberRole, inviteChannelMember } from '@castkit/sdk/2.x';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { useActingAs } from '../acting-as/acting-as';
import { resolveFid } from '../resolve-fid';

const ROLES: ChannelMemberRole[] = ['member', 'moderator'];

export function InviteForm({ channelId }: { channelId: string }) {
  const sdk = useSdk();
  const me = useActingAs();
  const qc = useQueryClient();
  const [who, setWho] = useState('');
  const [role, setRole] = useState<ChannelMemberRole>('member');
  const invite = useMutation({
    mutationFn: async () => {
      const fid = await resolveFid(sdk!.v2, who);
      await sdk!.v2.call(inviteChannelMember, { signerUuid: await me.signer(), channelId, fid, role });
      return { who: who.trim(), role };
    },
    onSuccess: () => setWho(''),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.channels.all }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sdk && who.trim()) invite.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2 bg-white px-4 py-2 text-sm">
      <input
        aria-label="Invite a user (fid or @username)"
        placeholder="fid or @username"
        value={who}
        onChange={(e) => setWho(e.target.value)}
        className="w-56 rounded border border-slate-300 px-2 py-1"
      />
      <label className="flex items-center gap-1">
        Role
        <select
          value={role}
          onChange={(e) => setRole(e.target.value as ChannelMemberRole)}
          className="rounded border border-slate-300"
        >
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={invite.isPending} className="rounded border border-slate-300 px-3 py-1">
        Invite
      </button>
      {invite.isSuccess && (
        <span role="status" className="text-slate-700">
          Invited {invite.data.who} as {invite.data.role}
        </span>
      )}
      {invite.error && (
        <span role="alert" className="text-red-700">
          {invite.error.message}
        </span>
      )}
    </form>
  );
}
