// A list of users (followers, following, members): each links to its profile.
import { Link } from '@tanstack/react-router';
import { safeHttpUrl } from '../text/safe-url';

export interface ListedUser {
  fid: number;
  username: string;
  display_name?: string;
  pfp_url?: string;
}

export function UserList({
  users,
  label,
  empty = 'Nobody yet.',
}: {
  users: ListedUser[];
  label: string;
  empty?: string;
}) {
  if (!users.length) return <p className="bg-white p-4 text-sm text-slate-600">{empty}</p>;
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 bg-white">
      {users.map((u) => {
        const pfp = safeHttpUrl(u.pfp_url);
        return (
          <li key={u.fid} className="flex items-center gap-3 px-4 py-2">
            {pfp ? (
              <img src={pfp} alt="" className="h-8 w-8 rounded-full" />
            ) : (
              <span className="h-8 w-8 rounded-full bg-slate-200" />
            )}
            <Link to="/client/profile/$fid" params={{ fid: String(u.fid) }} className="text-sm">
              <span className="font-medium text-slate-900">{u.display_name || u.username}</span>{' '}
              <span className="text-slate-600">@{u.username}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
