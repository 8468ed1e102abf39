// How the client gets a managed signer that writes as a given user. On the emulator any user can be
// acted as: a new managed signer is created, its SignedKeyRequest signed by the seeded app (alice,
// fid 1, whose custody is the emulator's public dev mnemonic) and approved by the user on the
// emulator's approval screen, exactly as a person would. A user registered through the API arrives
// with its own signer uuid, which works the same way against the emulator or an upstream.
import { type CastkitClient, lookupSigner } from '@castkit/sdk/2.x';
import { DEV_MNEMONIC } from '../../../../emulator/src/seed/constants';

const STORE_KEY = 'castkit.client.signers';

type SignerCache = Record<string, string>;

function readCache(): SignerCache {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}') as SignerCache;
  } catch {
    return {};
  }
}

export function rememberSigner(fid: number, signerUuid: string) {
  localStorage.setItem(STORE_KEY, JSON.stringify({ ...readCache(), [fid]: signerUuid }));
}

/** The signer's fid when it is approved, else undefined (unknown uuid, pending, revoked). */
export async function approvedFidOf(
  v2: CastkitClient<'v2'>,
  signerUuid: string,
): Promise<number | undefined> {
  try {
    const signer = await v2.call(lookupSigner, { signerUuid });
    return signer.status === 'approved' ? signer.fid : undefined;
  } catch {
    return undefined;
  }
}

/** An approved signer uuid for `fid` on the emulator: the remembered one, or a newly approved one. */
export async function emulatorSignerFor(v2: CastkitClient<'v2'>, fid: number): Promise<string> {
  const known = readCache()[fid];
  if (known && (await approvedFidOf(v2, known)) === fid) return known;
  // viem signs the EIP-712 request; it and the flow are loaded only when a new signer is needed.
  const [{ mnemonicToAccount }, { createAndRegisterSigner }] = await Promise.all([
    import('viem/accounts'),
    import('../../api/signer-flows'),
  ]);
  const account = mnemonicToAccount(DEV_MNEMONIC);
  const signer = await createAndRegisterSigner(v2, {
    signer: { address: account.address, signTypedData: (request) => account.signTypedData(request) },
  });
  if (!signer.signer_approval_url) throw new Error('The emulator returned no signer approval URL');
  await approveOnEmulator(signer.signer_approval_url, fid);
  if ((await approvedFidOf(v2, signer.signer_uuid)) !== fid) {
    throw new Error(`The signer for fid ${fid} was not approved`);
  }
  rememberSigner(fid, signer.signer_uuid);
  return signer.signer_uuid;
}

// The approval screen is the emulator's browser page, not an API operation, so no SDK method calls it.
async function approveOnEmulator(approvalUrl: string, fid: number) {
  const url = new URL(approvalUrl);
  url.searchParams.set('fid', String(fid));
  // Same origin as the console: the serving process is the emulator (or proxies to it).
  const res = await fetch(`${url.pathname}${url.search}`);
  if (!res.ok) throw new Error(`Approving the signer for fid ${fid} answered ${res.status}`);
}
