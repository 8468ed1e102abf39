// One signer this browser made: its status, polled until it settles, and the approval URL while it
// waits for a user.
import {
  type DeveloperManagedSigner,
  lookupDeveloperManagedSigner,
  lookupSigner,
  type Signer,
} from '@castkit/sdk/2.x';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../data/query-keys';
import { useApi } from '../../data/use-api';
import { ErrorNote, secondaryButtonClass } from '../DevPage';
import { ExternalLink } from '../ExternalLink';
import { type KnownSigner, signerId } from './known-signers';

const POLL_MS = 1000;
const settled = (status: string | undefined) => status === 'approved' || status === 'revoked';

export function SignerCard({
  signer,
  onRegister,
  onForget,
  registering,
}: {
  signer: KnownSigner;
  onRegister?: (signerUuid: string) => void;
  onForget: (id: string) => void;
  registering: boolean;
}) {
  const api = useApi();
  const query = useQuery<Signer | DeveloperManagedSigner>({
    queryKey:
      signer.kind === 'managed'
        ? queryKeys.signers.detail(signer.signerUuid)
        : queryKeys.signers.developer(signer.publicKey),
    queryFn: () =>
      signer.kind === 'managed'
        ? api.call(lookupSigner, { signerUuid: signer.signerUuid })
        : api.call(lookupDeveloperManagedSigner, { publicKey: signer.publicKey }),
    // Polled while a user may still approve it: the card changes when they do, wherever they do it.
    refetchInterval: (q) => (settled(q.state.data?.status) || q.state.error ? false : POLL_MS),
  });
  const data = query.data;
  const id = signerId(signer);
  return (
    <li
      className="space-y-2 rounded-md border border-slate-200 p-3"
      data-testid="signer-card"
      data-signer={id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
          {signer.kind === 'managed' ? 'Managed signer' : 'Developer managed key'}
        </span>
        <code className="break-all text-sm">{id}</code>
        <span className="ml-auto text-sm">
          Status:{' '}
          <strong data-testid="signer-status" aria-live="polite">
            {data?.status ?? (query.isPending ? '…' : 'unknown')}
          </strong>
          {data?.fid !== undefined && <> (fid {data.fid})</>}
        </span>
      </div>
      {data && 'public_key' in data && signer.kind === 'managed' && (
        <p className="break-all text-sm text-slate-700">
          Public key: <code>{data.public_key}</code>
        </p>
      )}
      {data?.signer_approval_url && (
        <p className="text-sm">
          Approval URL: <ExternalLink href={data.signer_approval_url} />
        </p>
      )}
      <ErrorNote error={query.error} />
      <div className="flex gap-2">
        {data?.status === 'generated' && onRegister && signer.kind === 'managed' && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={registering}
            onClick={() => onRegister(signer.signerUuid)}
          >
            Register signed key
          </button>
        )}
        <button type="button" className={secondaryButtonClass} onClick={() => onForget(id)}>
          Forget
        </button>
      </div>
    </li>
  );
}
