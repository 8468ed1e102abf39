// Links to the developer screens, in the shell's header.
import { Link } from '@tanstack/react-router';

const SCREENS = [
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/stream', label: 'Stream' },
  { to: '/signers', label: 'Signers' },
  { to: '/metrics', label: 'Metrics' },
  { to: '/storage', label: 'Storage' },
  { to: '/miniapps', label: 'Mini apps' },
  { to: '/wallets', label: 'Wallets' },
  { to: '/controls', label: 'Controls' },
] as const;

export function DevNav() {
  return (
    <nav aria-label="Developer screens">
      <ul className="flex gap-3 text-sm">
        {SCREENS.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              className="text-slate-700 hover:text-indigo-700"
              activeProps={{ className: 'font-semibold text-indigo-700' }}
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
