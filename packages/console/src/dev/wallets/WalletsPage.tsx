// Server wallets (/wallets): the `x-wallet-id`s the emulator knows, what each holds on its local
// ledger, and a new one made with the funds asked for. Only the emulator has these.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { createWallet, listWallets, type ServerWallet } from '../../data/emulator-controls';
import { queryKeys } from '../../data/query-keys';
import { useClients } from '../../data/use-api';
import { useEnv } from '../../shell/env-context';
import { buttonClass, DevPage, ErrorNote, inputClass, Section } from '../DevPage';

/** The wallet every seeded emulator has, as the emulator prints it at start. */
const SEEDED_WALLET = 'castkit-dev-wallet';

export function WalletsPage() {
  return (
    <DevPage
      title="Server wallets"
      intro="The wallet ids the emulator answers to in x-wallet-id, with their balances, and a new one."
    >
      <Wallets />
    </DevPage>
  );
}

function Wallets() {
  const { env } = useEnv();
  if (env?.environment !== 'emulator')
    return <p>Server wallets here belong to the local emulator; the upstream API's are Neynar's.</p>;
  return (
    <>
      <WalletList />
      <NewWallet />
    </>
  );
}

function WalletList() {
  const clients = useClients();
  const wallets = useQuery({ queryKey: queryKeys.dev.wallets(), queryFn: () => listWallets(clients) });
  return (
    <Section title="Wallets">
      <ErrorNote error={wallets.error} />
      {wallets.data && (
        <ul className="space-y-3" data-testid="wallets">
          {wallets.data.wallets.map((w) => (
            <WalletCard key={w.id} wallet={w} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function WalletCard({ wallet }: { wallet: ServerWallet }) {
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="wallet" data-wallet={wallet.id}>
      <p className="text-sm">
        <strong className="font-mono">{wallet.id}</strong>
        {wallet.id === SEEDED_WALLET && <span className="ml-2 text-slate-700">(seeded)</span>}
      </p>
      <p className="break-all font-mono text-xs text-slate-700">{wallet.address}</p>
      {wallet.balances.length === 0 ? (
        <p className="text-sm text-slate-700">Holds nothing.</p>
      ) : (
        <table className="mt-2 text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th className="py-1 pr-4">Network</th>
              <th className="py-1 pr-4">Token</th>
              <th className="py-1">Amount</th>
            </tr>
          </thead>
          <tbody>
            {wallet.balances.map((b) => (
              <tr key={`${b.network} ${b.token}`} className="border-b border-slate-100" data-testid="balance">
                <td className="py-1 pr-4">{b.network}</td>
                <td className="py-1 pr-4">{b.symbol}</td>
                <td className="py-1">{b.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

/** A whole-token amount typed in, or undefined for the emulator's default; NaN when not a number. */
const amountOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

function NewWallet() {
  const clients = useClients();
  const queryClient = useQueryClient();
  const ids = { id: useId(), eth: useId(), usdc: useId() };
  const [id, setId] = useState('');
  const [eth, setEth] = useState('');
  const [usdc, setUsdc] = useState('');
  const amounts = [amountOf(eth), amountOf(usdc)];
  const valid = amounts.every((a) => a === undefined || (Number.isFinite(a) && a >= 0));
  const create = useMutation({
    mutationFn: () => {
      const [ethAmount, usdcAmount] = amounts;
      return createWallet(clients, {
        ...(id.trim() ? { id: id.trim() } : {}),
        ...(ethAmount === undefined ? {} : { eth: ethAmount }),
        ...(usdcAmount === undefined ? {} : { usdc: usdcAmount }),
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dev.wallets() }),
  });
  const field = (fieldId: string, label: string, value: string, set: (v: string) => void, hint: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={fieldId}
        className={inputClass}
        value={value}
        placeholder={hint}
        onChange={(e) => set(e.target.value)}
      />
    </div>
  );
  return (
    <Section title="New wallet">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) create.mutate();
        }}
      >
        {field(ids.id, 'Wallet id', id, setId, 'wallet-<n>')}
        {field(ids.eth, 'ETH per network', eth, setEth, '1')}
        {field(ids.usdc, 'USDC per network', usdc, setUsdc, '10000')}
        <button type="submit" className={buttonClass} disabled={!valid || create.isPending}>
          Create wallet
        </button>
      </form>
      {!valid && <p role="alert">Amounts must be non-negative numbers.</p>}
      {create.data && (
        <p role="status">
          Created <span className="font-mono">{create.data.wallet.id}</span>: send it as x-wallet-id.
        </p>
      )}
      <ErrorNote error={create.error} />
    </Section>
  );
}
