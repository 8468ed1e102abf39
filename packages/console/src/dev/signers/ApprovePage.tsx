// The emulated approval screen (/signers/approve/<uuid>): what the Farcaster app shows a user who
// opens a signer approval URL. The emulator's approval URL sends browsers here under castkit dev.
import { fetchBulkUsers, lookupSigner } from '@castkit/sdk/2.x';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { approveSigner } from '../../data/emulator-controls';
import { queryKeys } from '../../data/query-keys';
import { useApi, useClients } from '../../data/use-api';
import { buttonClass, DevPage, ErrorNote, inputClass, Section } from '../DevPage';

export function ApprovePage() {
  return (
    <DevPage
      title="Approve a signer"
      intro="The emulator's stand-in for the Farcaster app's approval screen."
    >
      <ApproveScreen />
    </DevPage>
  );
}

function ApproveScreen() {
  const { signerUuid } = useParams({ from: '/signers/approve/$signerUuid' });
  const clients = useClients();
  const api = useApi();
  const queryClient = useQueryClient();
  const fidId = useId();
  const [fidText, setFidText] = useState('1');
  const fid = Number(fidText);
  const validFid = Number.isInteger(fid) && fid > 0;

  const signer = useQuery({
    queryKey: queryKeys.signers.detail(signerUuid),
    queryFn: () => api.call(lookupSigner, { signerUuid }),
  });
  const user = useQuery({
    queryKey: queryKeys.users.byFids([fid]),
    // The cache entry holds the whole response, as every reader of this key stores it.
    queryFn: () => api.call(fetchBulkUsers, { fids: [fid] }),
    select: (data) => data.users[0] ?? null,
    enabled: validFid,
  });
  const approve = useMutation({
    mutationFn: () => approveSigner(clients, signerUuid, fid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.signers.detail(signerUuid) }),
  });

  const status = signer.data?.status;
  return (
    <Section title="Signer request">
      <dl className="grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">Signer</dt>
        <dd>
          <code className="break-all">{signerUuid}</code>
        </dd>
        <dt className="font-medium">Public key</dt>
        <dd>
          <code className="break-all">{signer.data?.public_key ?? '…'}</code>
        </dd>
        <dt className="font-medium">Status</dt>
        <dd data-testid="approve-status" aria-live="polite">
          {status ?? (signer.isPending ? '…' : 'unknown')}
          {signer.data?.fid !== undefined && ` (fid ${signer.data.fid})`}
        </dd>
      </dl>
      <ErrorNote error={signer.error} />
      {status === 'pending_approval' && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (validFid) approve.mutate();
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={fidId} className="text-sm font-medium">
              Approve as user (fid)
            </label>
            <input
              id={fidId}
              className={inputClass}
              inputMode="numeric"
              value={fidText}
              onChange={(e) => setFidText(e.target.value)}
            />
          </div>
          <p className="pb-1 text-sm text-slate-700" data-testid="approving-user">
            {!validFid
              ? 'Enter a positive fid.'
              : user.data
                ? `@${user.data.username} · ${user.data.display_name ?? ''}`
                : user.isPending
                  ? '…'
                  : 'No such user.'}
          </p>
          <button type="submit" className={buttonClass} disabled={!validFid || approve.isPending}>
            Approve
          </button>
        </form>
      )}
      {approve.isSuccess && (
        <p role="status">Approved: the signer may now write for fid {approve.data.fid}.</p>
      )}
      <ErrorNote error={approve.error} />
      <p className="text-sm">
        <Link to="/signers" className="text-indigo-700 underline">
          Back to signers
        </Link>
      </p>
    </Section>
  );
}
