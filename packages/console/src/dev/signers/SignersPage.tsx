// Signers (/signers): create a managed signer and register its signed key request with the app's
// custody account, or register a key the developer holds; each then waits for a user's approval at
// its approval URL, which on the emulator opens this console's approval screen.
import {
  createSigner,
  lookupSigner,
  lookupUserByCustodyAddress,
  registerSignedKey,
  signSignedKeyRequest,
} from '@castkit/sdk/2.x';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createAndRegisterSigner, registerDeveloperManagedKey } from '../../api/signer-flows';
import { useApi } from '../../data/use-api';
import { useEnv } from '../../shell/env-context';
import { buttonClass, DevPage, ErrorNote, inputClass, Section, secondaryButtonClass } from '../DevPage';
import { accountFromMnemonic, EMULATOR_DEV_MNEMONIC, generateEd25519PublicKey } from './app-account';
import { addKnownSigner, forgetKnownSigner, type KnownSigner, readKnownSigners } from './known-signers';
import { SignerCard } from './SignerCard';

const DAY_SECONDS = 86_400;

export function SignersPage() {
  return (
    <DevPage
      title="Signers"
      intro="Create signers for your app, register their signed key requests and approve them as a user."
    >
      <SignersScreen />
    </DevPage>
  );
}

function SignersScreen() {
  const api = useApi();
  const { env } = useEnv();
  const ids = { mnemonic: useId(), appFid: useId(), publicKey: useId() };
  const [mnemonic, setMnemonic] = useState(env?.environment === 'emulator' ? EMULATOR_DEV_MNEMONIC : '');
  const [appFid, setAppFid] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [signers, setSigners] = useState<KnownSigner[]>(() => readKnownSigners());
  const remember = (s: KnownSigner) => setSigners(addKnownSigner(s));

  /** The app's custody account and fid: the fid typed, or the one whose custody the account is. */
  const appAuthority = async () => {
    if (!mnemonic.trim()) throw new Error('Enter the app custody mnemonic first.');
    const signer = await accountFromMnemonic(mnemonic);
    const fid = appFid.trim() === '' ? undefined : Number(appFid);
    if (fid !== undefined && !(Number.isInteger(fid) && fid > 0))
      throw new Error('App fid must be a positive integer.');
    return { signer, appFid: fid };
  };

  const create = useMutation({
    mutationFn: () => api.call(createSigner, {}),
    onSuccess: (s) => remember({ kind: 'managed', signerUuid: s.signer_uuid }),
  });
  const createAndRegister = useMutation({
    mutationFn: async () => createAndRegisterSigner(api, await appAuthority()),
    onSuccess: (s) => remember({ kind: 'managed', signerUuid: s.signer_uuid }),
  });
  const register = useMutation({
    // A signer created earlier: sign its key with the app's account, then register that request.
    mutationFn: async (signerUuid: string) => {
      const { signer, appFid: given } = await appAuthority();
      const appFidToUse =
        given ?? (await api.call(lookupUserByCustodyAddress, { custodyAddress: signer.address })).user.fid;
      const { public_key } = await api.call(lookupSigner, { signerUuid });
      const deadline = Math.floor(Date.now() / 1000) + DAY_SECONDS;
      const signature = await signSignedKeyRequest(signer, {
        appFid: appFidToUse,
        key: public_key,
        deadline,
      });
      return api.call(registerSignedKey, { signerUuid, appFid: appFidToUse, deadline, signature });
    },
    onSuccess: (s) => remember({ kind: 'managed', signerUuid: s.signer_uuid }),
  });
  const registerDeveloperKey = useMutation({
    mutationFn: async () => {
      const key = publicKey.trim();
      if (!/^0x[0-9a-fA-F]{64}$/.test(key))
        throw new Error('The public key must be 0x and 64 hex digits (ed25519).');
      return registerDeveloperManagedKey(api, {
        ...(await appAuthority()),
        publicKey: key,
      });
    },
    onSuccess: (s) => remember({ kind: 'developer', publicKey: s.public_key }),
  });
  const generate = useMutation({ mutationFn: generateEd25519PublicKey, onSuccess: setPublicKey });

  return (
    <>
      <Section title="App custody account">
        <p className="text-sm text-slate-700">
          Signed key requests are signed by your app's custody account.
          {env?.environment === 'emulator' &&
            ' Against the emulator this is its public dev mnemonic, the custody of alice (fid 1).'}
        </p>
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.mnemonic} className="text-sm font-medium">
              App custody mnemonic
            </label>
            <input
              id={ids.mnemonic}
              className={inputClass}
              value={mnemonic}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setMnemonic(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.appFid} className="text-sm font-medium">
              App fid (optional)
            </label>
            <input
              id={ids.appFid}
              className={inputClass}
              inputMode="numeric"
              value={appFid}
              onChange={(e) => setAppFid(e.target.value)}
            />
          </div>
        </div>
      </Section>

      <Section title="Managed signers">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass}
            disabled={createAndRegister.isPending}
            onClick={() => createAndRegister.mutate()}
          >
            Create and register signer
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={create.isPending}
            onClick={() => create.mutate()}
          >
            Create signer only
          </button>
        </div>
        <ErrorNote error={createAndRegister.error ?? create.error ?? register.error} />
      </Section>

      <Section title="Developer managed keys">
        <p className="text-sm text-slate-700">
          A key you hold yourself: register its signed key request, then a user approves it.
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-80 flex-1 flex-col gap-1">
            <label htmlFor={ids.publicKey} className="text-sm font-medium">
              Ed25519 public key
            </label>
            <input
              id={ids.publicKey}
              className={`${inputClass} font-mono`}
              value={publicKey}
              placeholder="0x…"
              spellCheck={false}
              onChange={(e) => setPublicKey(e.target.value)}
            />
          </div>
          <button type="button" className={secondaryButtonClass} onClick={() => generate.mutate()}>
            Generate key
          </button>
          <button
            type="button"
            className={buttonClass}
            disabled={registerDeveloperKey.isPending}
            onClick={() => registerDeveloperKey.mutate()}
          >
            Register developer key
          </button>
        </div>
        <ErrorNote error={registerDeveloperKey.error ?? generate.error} />
      </Section>

      <Section title="Your signers">
        {signers.length === 0 ? (
          <p className="text-sm text-slate-700">
            None yet: the signers you create here are listed with their status.
          </p>
        ) : (
          <ul className="space-y-2">
            {signers.map((s) => (
              <SignerCard
                key={s.kind === 'managed' ? s.signerUuid : s.publicKey}
                signer={s}
                registering={register.isPending}
                onRegister={(uuid) => register.mutate(uuid)}
                onForget={(id) => setSigners(forgetKnownSigner(id))}
              />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
